/* An array of channels, indexed by the receiving process's _pid. */
chan box[3] = [1] of { byte };

active [3] proctype worker()
{
    byte v;
    box[_pid]?v;
    assert(v == _pid + 10)
}

init
{
    byte i = 0;
    do
    :: i < 3 -> box[i]!i + 10; i++
    :: else -> break
    od
}
