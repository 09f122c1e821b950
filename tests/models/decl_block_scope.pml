/* SPIN 6.4+ scopes a declaration inside atomic { } (and d_step, { },
 * an inline's or a for's body) to that block: the I declared after it
 * is a different variable, so I + 1 is 1 and the assertion fails.
 * (spore used to reject this with "'I' is already declared".)
 *
 * pan: spin -a -o3 decl_block_scope.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   pan:1: assertion violated (I==6) (at depth 4)
 *   State-vector 12 byte, depth reached 4, errors: 1
 *         4 states, stored
 *         0 states, matched
 *         4 transitions (= stored+matched)
 */
active proctype p()
{
    atomic { byte I; I = 5 };
    byte I;
    I = I + 1;
    assert(I == 6)
}
