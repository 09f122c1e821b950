/* Regression (was tests/models/diff_006.pml, diff-failure 006 of
 * tests/diff/, notes/diff-failures/006): a global that is only written
 * (once by a receive that never executes, repeatedly by an assignment):
 * SPIN 2 stored, spore 1 (from genmodel --seed 183, minimised). */
byte g;
chan c = [1] of { byte };
active proctype A() { c?g }
active proctype B() { do :: g = 2 od }
