/* Remote references P[i]@label and P[i]:var name a label and a local
 * variable of P (a parameter or a local, not a structure field) */
typedef pair { byte a; byte b }

proctype P(byte p)
{
    byte v;
    byte arr[3];
    pair s;
L:  v = p + arr[0] + s.a;
    d_step { v++; M: v-- }
}

init
{
    run P(1);
    assert(P[1]@L);
    assert(P[1]@nowhere);
    assert(P[1]@M);
    assert(P[1]:w == 0);
    assert(P[1]:v[1] == 0);
    assert(P[1]:arr == 0);
    assert(P[1]:s == 0);
    assert(P[1]:p == 1 && P:arr[2] == 0)
}
