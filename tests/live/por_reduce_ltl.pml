/* S-POR under -a with ltl properties where it reduces
 * (tests/live/check.sh): por_reduce.pml's workers; `fin' holds, `zero'
 * (done is 0 infinitely often) does not: once done is 3 the system
 * stops, and pan's stutter makes that an acceptance cycle.  spor must
 * give pan's verdicts and store fewer states than none.
 * SPIN 6.5.2 (-a -N fin): no errors; (-a -N zero): acceptance cycle. */
byte done;

proctype W()
{
    byte i, s;
    do
    :: i < 4 -> s = s + i; i++
    :: i >= 4 -> break
    od;
    done++
}

init
{
    atomic { run W(); run W(); run W() };
    done == 3
}

ltl fin { <> (done == 3) }
ltl zero { [] <> (done == 0) }
