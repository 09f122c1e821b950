/* d_step: one indivisible step; intermediate values are never seen. */
byte x, y;

active proctype A()
{
    d_step { x = 1; y = 1; x = 2 }
}

active proctype B()
{
    assert(x != 1)
}
