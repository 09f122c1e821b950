/* atomic: the read-modify-write of n cannot be interleaved. */
byte n;

active [2] proctype inc()
{
    byte t;
    atomic { t = n; n = t + 1 }
}

active proctype check()
{
    (n == 2) -> assert(n == 2)
}
