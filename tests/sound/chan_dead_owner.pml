/* spore-options: -c0 --outcomes=stop */
/* Issue 9, class 4 (DE, DL, both JPF variants, O-DPOR): P's death
 * deletes its channel and `run R()' makes one that reuses its id; the
 * send on the deleted channel ("bad channel") was lost because neither
 * step's label named the channel. */
chan g = [1] of { chan };
byte stop;
active proctype Q() { chan c; g?c; c!7; end: stop }
proctype P() { chan loc = [1] of { byte }; g!loc }
proctype R() { chan mine = [1] of { byte }; end: stop }
init { run P(); run R() }
