/* '_' in a receive discards a field. */
chan c = [1] of { byte, byte };

active proctype P()
{
    c!1, 2;
    c!3, 4
}

active proctype Q()
{
    byte b;
    c?_, b; assert(b == 2);
    c?_, _
}
