/* spore-options: -c0 */
/* Both an assertion violation and an invalid end state are reachable. */
byte x;
chan c = [0] of { byte };

active proctype A()
{
    if
    :: x = 1
    :: x = 2
    fi;
    assert(x == 1);
    c!x
}

active proctype B()
{
    c?1
}
