/* Regression (was tests/models/diff_003.pml, diff-failure 003 of
 * tests/diff/, notes/diff-failures/003): dead-variable reset after a
 * d_step (from genmodel --seed 37, minimised). SPIN 6 stored, spore 5. */
active proctype P()
{
    byte l;
    if
    :: l = 1
    :: l = 2
    fi;
    d_step { l = (l + 1) % 3 }
}
