/* spore-options: -c0 */
/* Regression (was tests/models/diff_002.pml, diff-failure 002 of
 * tests/diff/, notes/diff-failures/002): a timeout inside atomic (not its
 * first statement): pan stores the state where the atomic process reaches
 * the timeout (from genmodel --seed 28, minimised). SPIN 4 stored, spore
 * 3. */
byte g;
active proctype P() { atomic { g = 1; timeout; g = 2 } }
