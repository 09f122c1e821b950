/* Regression (was tests/models/diff_005.pml, diff-failure 005 of
 * tests/diff/, notes/diff-failures/005): a jump (break or goto) carrying
 * an end label is a step in pan (from genmodel --seed 286, minimised).
 * SPIN 4, spore 3.
 * Also: active proctype P() { bool l; end_0: goto L1; L1: skip } */
active proctype P()
{
    do
    :: true ->
end_0:
        break
    od
}
