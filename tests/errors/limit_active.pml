/* At most 255 processes exist at a time (as in SPIN); active [N] must
 * not be negative. */
active [200] proctype P()
{
    skip
}

active [56] proctype Q()
{
    skip
}

active [-1] proctype R()
{
    skip
}
