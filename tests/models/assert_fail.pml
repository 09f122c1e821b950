/* spore-options: -c0 */
/* A lost update: both processes read n before either writes it. */
byte n, done;

active [2] proctype inc()
{
    byte t;
    t = n;
    n = t + 1;
    done++
}

active proctype check()
{
    (done == 2) -> assert(n == 2)
}
