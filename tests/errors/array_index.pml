/* An array used without an index (SPIN: "missing array index"). */
typedef T { byte f[2] };
byte a[3];
T t;
chan q[2] = [1] of { byte };

active proctype P()
{
    byte x;

    a = 1;
    x = a + 1;
    t.f = 2;
    q!x;
    a[1] = 3
}
