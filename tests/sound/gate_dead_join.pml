/* spore-options: -c0 --outcomes=r1,r2 */
/* Issue 11 ("races that cannot happen", engine/por/por_dl.c): init
 * starts the threads in one atomic sequence (a `run' may block, so the
 * model has a gate and every death writes it) and joins on
 * (_nr_pr == 1).  Once init is past the atomic sequence the gate is
 * dead and the join cannot be taken before any thread dies: DE and DL
 * drop those conflicts, and must still reach every outcome. */
byte x, r1, r2;
proctype T1() { x = 1; r1 = x }
proctype T2() { x = 2; r2 = x }
init {
    atomic { run T1(); run T2() };
    (_nr_pr == 1);
    assert(!(r1 == 2 && r2 == 1))
}
