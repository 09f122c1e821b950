/* spore-options: -c0 --outcomes=y */
/* provided (e) and the reductions: A's step reads g through its clause,
 * so B's `g = 1' races with it (it disables A).  Exploring A first
 * only, as a reduction that missed the read would, loses the invalid
 * end state where A never moves.  The clause is part of every one of
 * A's transitions (its read set and its dynamic label).
 *
 * spin -a -o3 ctl_provided_race.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -c0   (Spin 6.5.2) errors: 2 (invalid end states), 12 states
 *   stored, 0 matched, 12 transitions. */
byte g, y;
active proctype A() provided (g == 0) {
    byte l;
    l = 2;
    y = y + l
}
active proctype B() { g = 1; y = y * 3 }
