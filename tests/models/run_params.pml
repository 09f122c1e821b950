/* run with parameters; run returns the pid of the new process. */
byte sum;

proctype adder(byte a; byte b)
{
    atomic { sum = sum + a + b }
}

init
{
    byte p, q;
    atomic { p = run adder(1, 2); q = run adder(3, 4) };
    assert(p == 1 && q == 2);
    (_nr_pr == 1) -> assert(sum == 10)
}
