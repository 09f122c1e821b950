/* Bad uses of xr and xs: SPIN takes only a channel variable, not an
 * array element ("ref to array element invalid in this context"). */
chan q[2] = [1] of { byte };
byte b;

active proctype P()
{
    xr q[1];
    xs b;
    q[0]!1
}
