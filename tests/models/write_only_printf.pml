/* A global that only printf reads is left out of the state (SPIN's
 * rule: the counts below are pan's), yet every value shown to the user
 * -- printf, the counterexample's changes and final state -- is the
 * value the model computed (issue 14, item 5). */
int y;
byte n;
active [2] proctype p()
{
    if
    :: y = _pid + 5
    :: y = 7
    fi;
    n++;
    printf("p%d: y=%d n=%d\n", _pid, y, n);
    assert(n < 2)
}
