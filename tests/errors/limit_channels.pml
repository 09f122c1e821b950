/* At most 255 channels exist at a time (as in SPIN); the initial state
 * would have 256 here. */
chan a[200] = [1] of { byte };
chan b[56] = [1] of { byte };

active proctype P()
{
    a[0]!1; b[0]!1
}
