/* Block scope (SPIN 6.4+) with interleaving: each process declares its
 * loop counter in a block, through a for/rof macro, twice; an inline's
 * body and a d_step declare a `t' each.  Each is a variable of its own
 * in the state vector (pan.h: _1_1_i, _1_2_i, _1_2_1_t, _1_3_t) and a
 * declaration in a block is a step of its own.
 *
 * pan: spin -a -o3 decl_block_scope2.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   State-vector 36 byte, depth reached 53, errors: 0
 *       739 states, stored
 *       576 states, matched
 *      1315 transitions (= stored+matched)
 */
#define FOR(i, lo, hi)  { byte i; i = lo; do :: i <= hi ->
#define ROF(i)          i++ :: else -> break od }

byte sum;

inline add(k) {
    byte t;
    t = k;
    sum = sum + t
}

active [2] proctype q()
{
    FOR(i, 1, 2) sum = sum + i; ROF(i);
    FOR(i, 0, 1) add(i); ROF(i);
    skip;
    d_step { byte t = sum; t++ }
}

init
{
    timeout -> assert(sum == 8)
}
