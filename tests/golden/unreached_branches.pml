/* tests/golden/unreached_branches.pml: an if branch and an assignment
 * no run reaches (n is always 1, z always 2), for "unreached in
 * proctype" (report_unreached.cmd); pan -n's section lists the same two
 * statements. */
byte x;
chan c = [1] of { byte };
proctype P(byte n) {
    byte y;
    if
    :: n > 5 -> x = 1
    :: else -> x = 2
    fi;
    do
    :: y < 2 -> y++
    :: y >= 2 -> break
    od;
    c!y;
    assert(x != 3)
}
init {
    byte z;
    run P(1);
    c?z;
    if
    :: z == 7 -> x = 3
    :: skip
    fi
}
