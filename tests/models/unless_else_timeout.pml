/* else and timeout with unless.  P: an else among main's options is
 * taken only when neither the escape nor the other option can move.
 * Q: an escape that is an if with an else: pan puts an if's else last
 * and copies the escape's transitions to the front one by one, so the
 * else comes first, when nothing has moved: it is always executable,
 * and the escape is taken at once (by both options when the other one
 * holds too).  T: an escape guarded by timeout, taken only when every
 * process is blocked (T's main waits for a value that never comes).
 *
 * spin -a -o3 unless_else_timeout.pml && gcc -O2 -DNOREDUCE -o pan
 * pan.c && ./pan -c0   (Spin 6.5.2) errors: 0, 241 states stored, 285
 * matched, 526 transitions; pan without -DNOREDUCE: errors: 0. */
byte a, b, q1, t;
active proctype P()
{
    { do
      :: a < 2 -> a++
      :: else -> break
      od
    } unless { b == 1 -> a = 7 };
    assert(a == 2 || a == 7)
}
active proctype Q()
{
    { q1 < 5 -> q1++ }
    unless { if :: q1 == 0 -> q1 = 10 :: else -> q1 = 20 fi };
    assert(q1 == 10 || q1 == 20)
}
active proctype T()
{
    { t == 5; t = 6 } unless { timeout -> t = 9 };
    assert(t == 9)
}
active proctype B() { b = 1 }
