/* spore-options: -c0 */
/* provided (e) on a proctype (spore-lang(7), Control): a process can
 * take a step, its else and its end included, only while e holds (pan
 * evaluates e before any of the process's transitions).  The clause
 * reads globals and _pid.  Inside an atomic sequence the clause may turn
 * false half way: the owner is then blocked and the others move, so n
 * can pass 4; P's deaths wait for their turn.
 *
 * spin -a -o3 ctl_provided.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -c0   (Spin 6.5.2) errors: 1 (assertion), 96 states stored,
 *   66 matched, 162 transitions; ./pan -c0 -E: the same counts.
 * pan without -DNOREDUCE: the same errors. */
byte n;
byte turn;
bool hold;
proctype P() provided (turn == _pid && !hold) {
    do
    :: n < 4 -> atomic { turn = 3 - turn; n++ }
    :: else -> break
    od
}
active proctype M() {
    run P(); run P();
    turn = 1;
    do
    :: hold = !hold
    :: break
    od;
    hold = false;
    (_nr_pr == 2 && n == 4) -> turn = 3 - turn;
    _nr_pr == 1;
    assert(n == 4)
}
