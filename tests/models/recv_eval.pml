/* eval(x) in a receive: the field must equal the current value of x. */
chan c = [2] of { byte };

active proctype P()
{
    c!5; c!6
}

active proctype Q()
{
    byte want = 5;
    c?eval(want);
    want++;
    c?eval(want);
    assert(want == 6)
}
