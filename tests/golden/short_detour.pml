/*
 * short_detour.pml -- for `spore -i`: the first counterexample a depth
 * first search finds is longer than the shortest one, and the shortest
 * one goes through a state that the search first reached by a longer
 * path (so -i must explore that state again).
 *
 * The checker (pid 0) is tried last: the search first counts x up one
 * by one and reaches x == 5 after ten steps; only later does it take
 * the shortcut x = 5.  The shortest counterexample has 4 steps: the
 * guard x == 0, x = 5, the checker's guard, the assertion.
 */
byte x;

active proctype check()
{
    x == 5;
    assert(false)
}

active proctype counter()
{
    do
    :: x < 8 -> x++
    :: x == 0 -> x = 5
    od
}
