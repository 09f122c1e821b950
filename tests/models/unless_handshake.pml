/* spore-options: --outcomes=got */
/* An escape whose guard is no receive, over main's rendezvous receive.
 * In a handshake only receives move (pan: every other statement is not
 * executable while a rendezvous is offered), so once g == 1 X's 2 may
 * still be taken by W's `k?x' in the handshake; the escape then comes
 * before the `got++' after it.  Or W escapes first and X waits at its
 * end label.  Either way got ends as 1 (0 when W escapes before X's
 * first send).
 *
 * spin -a -o3 unless_handshake.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * && ./pan -c0   (Spin 6.5.2) errors: 0, 16 states stored, 2 matched,
 * 18 transitions; pan without -DNOREDUCE: errors: 0. */
chan k = [0] of { byte };
byte g, got;
active proctype W()
{
    byte x;
    { do :: k?x -> got++ od } unless { g == 1 };
    assert(got <= 1)
}
active proctype X() { k!1; g = 1; end: k!2 }
