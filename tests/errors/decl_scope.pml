/* Names as SPIN resolves them in declarations: an initial value sees
 * only what was declared before its declaration ("undeclared variable"),
 * a local or a parameter cannot hide a global declared before its
 * proctype ("redeclaration"), and a proctype cannot share a global's
 * name. */
byte g = 3;
mtype = { red, green };

active proctype P()
{
    byte x = 1, y = x;
    byte z = z + 1;
    byte w = later;
    byte later = 2;
    byte g;
    byte red
}

proctype Q(byte g)
{
    skip
}

byte v;

proctype v()
{
    skip
}

active proctype R()
{
    byte h = g;
    byte v = 1
}
