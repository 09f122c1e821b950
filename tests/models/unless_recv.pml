/* Escapes whose guard is a receive.  P: on a buffered channel; the
 * escape takes the message whenever there is one, ending P's loop at
 * any count.  R: on a rendezvous channel; such a receive moves only in
 * a handshake (as in pan), so R's own `m < 3' goes on while S has not
 * offered its message, and the escape wins once S offers it.  U: main
 * and escape receive on one rendezvous channel; in the handshake the
 * escape's receive comes first (and nothing but a receive can move
 * there), so V's 9 ends U's loop: had main's `h?x' taken it, U would
 * wait for ever, an invalid end state.
 *
 * spin -a -o3 unless_recv.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 5180 states stored, 13269
 * matched, 18449 transitions; pan without -DNOREDUCE: errors: 0. */
chan c = [1] of { byte };
chan r = [0] of { byte };
chan h = [0] of { byte };
byte got, n, m, hit;
active proctype P()
{
    { do :: n < 3 -> n++ od } unless { c?got };
    assert(got == 7)
}
active proctype Q() { c!7 }
active proctype R()
{
    byte v;
    { do :: m < 3 -> m++ od } unless { r?v };
    assert(v == 5)
}
active proctype S() { byte t; t = 1; r!5 }
active proctype U()
{
    byte x;
    { do :: h?x -> x = 0 od } unless { h?9 -> hit = 1 };
    assert(hit == 1)
}
active proctype V() { h!1; h!9 }
