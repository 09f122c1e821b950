/* Remote variable references P[i]:x, P[i]:a[j] and P:x (spore-lang(7),
 * "Remote references"): init starts two counters (pids a and b) and
 * reads their locals, an element of a local array and a parameter; a
 * pid that is not running reads 0; Single:v names the only instance of
 * Single.  As pan, a model with a remote variable reference has no
 * dead-variable reset.
 *
 * spin -a -o3 remote_vars.pml && gcc -O2 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 4047 states stored */
bool done;

proctype C(byte step)
{
    byte n;
    byte seen[2];
    do
    :: n < 4 -> n = n + step; seen[n % 2] = 1
    :: n >= 4 -> break
    od;
    done
}

active proctype Single()
{
    byte v = 7;
    v = 3
}

init
{
    pid a, b;
    byte k;
    atomic { a = run C(1); b = run C(2) }
    do
    :: assert(C[a]:n <= 4 && C[b]:n <= 5);
       assert(C[b]:n % 2 == 0);
       assert(C[b]:seen[1] == 0);
       assert(C[a]:step == 1 && C[5]:n == 0);
       assert(Single:v == 7 || Single:v == 3)
    :: k < 2 -> k++
    :: C[a]:n == 4 && C[b]:n == 4 -> break
    od;
    assert(C[a]:seen[0] == 1 && C[a]:seen[1] == 1);
    done = true
}
