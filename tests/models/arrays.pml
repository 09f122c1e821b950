/* Arrays of several types; initialisers apply to every element. */
byte b[3] = 7;
bit  f[4];
int  big[2];

active proctype P()
{
    byte i;
    b[1] = b[0] + b[2];
    f[3] = 1;
    big[1] = 100000;
    i = 2;
    assert(b[1] == 14 && b[i] == 7 && f[3] && !f[0] && big[1] / 1000 == 100)
}
