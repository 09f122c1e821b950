/* 01-diamond.pml -- independent steps and the diamond.
 *
 * A writes x twice, B writes y twice.  The two threads never touch the
 * same variable, so every interleaving of their steps ends in the same
 * state: the full state graph is a 3 x 3 grid of "diamonds" (9 states),
 * but one path through it is enough to see every reachable end state.
 *
 * Try:
 *   spore --por=none models/teaching/01-diamond.pml     9 states
 *   spore --por=dl   models/teaching/01-diamond.pml     5 states: one path
 *   spore --por=dl --dot=d.dot --dot-full models/teaching/01-diamond.pml
 *   dot -Tpng d.dot -o d.png
 * Look for: in the picture, the grid of the full search in grey and the
 * single path DL explores in bold; the dashed edges are the moves DL
 * pruned.  With --explain, each state says "irreducible" (both next
 * steps write a shared variable, so S-POR cannot reduce: --por=spor
 * stores all 9 states), DL explores one thread, finds no dependency
 * ("dep(1) = {}") and stops: "threads {1} form a persistent set".
 *
 * The threads end at a blocked `end: false` instead of terminating: a
 * process's termination is itself a step (it changes the number of
 * running processes), and the terminations of two processes are
 * dependent, which would add diamonds at the end of the grid.
 * R is never run: it only reads x and y, so that SPIN keeps them in the
 * state (the counts in 01-diamond.expected are SPIN's).
 */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype A() { x = 1; x = 2; end: false }
active proctype B() { y = 1; y = 2; end: false }
