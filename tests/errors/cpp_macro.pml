#define N   4
#define INC(v)  v = v + 1

byte a[N];

active proctype P()
{
    byte i;
    INC(i);   /* a comment */   a[i]  =  N  od
}
