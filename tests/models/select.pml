/* select (v : lo .. hi) picks any value of the range. */
byte sum;

active proctype P()
{
    byte v;
    select (v : 1 .. 4);
    assert(v >= 1 && v <= 4);
    sum = sum + v
}
