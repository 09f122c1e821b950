/* spore-options: -c0 */
/* Regression (was tests/models/diff_004.pml, diff-failure 004 of
 * tests/diff/, notes/diff-failures/004): a mid-body declaration with an
 * initialiser that reads a global, in a process created by run (from
 * genmodel --seed 7, minimised). SPIN 4 stored / 1 matched, spore 5 / 0. */
byte g0;
proctype P0()
{
    false;
    byte t0 = g0
}
active proctype P2()
{
    g0 = 1
}
init
{
    run P0()
}
