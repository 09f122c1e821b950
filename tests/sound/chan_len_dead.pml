/* spore-options: -c0 --outcomes=n */
/* Issue 9, class 4 variant: len() of a channel whose owner has died
 * (a bad channel), or of the channel that reused its id. */
chan g = [1] of { chan };
byte n, stop;
active proctype Q() { chan c; g?c; n = len(c); end: stop }
proctype P() { chan loc = [1] of { byte }; loc!1; g!loc }
proctype R() { chan mine = [2] of { byte }; mine!1; mine!2; end: stop }
init { run P(); run R() }
