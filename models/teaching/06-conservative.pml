/* 06-conservative.pml -- the conservative update (case (a)) undone by a
 * persistent subset (case (b)): the paper's Figure 4, small version
 * (E5b).
 *
 * T4 (pid 3) writes x only after T3 (pid 2) has set f.  spore starts the
 * initial state with T3 (the highest enabled pid); T3's f = 1 enables
 * T4's guard, so T4 depends on it, but T4 is not enabled at the initial
 * state: the algorithm cannot just add it and falls back to the whole
 * safe set {0,1,2} (case (a)).  Then T2 (pid 1) is explored; its y = 1
 * depends on nothing, so {1} is closed under dependency and the search
 * stops (case (b)): T1 (pid 0) is never explored at the initial state.
 * tests/models/por_e5.pml is the paper's full Figure 4 (six threads).
 *
 * Try:
 *   spore --por=dl --explain models/teaching/06-conservative.pml
 *   spore --por=dl --dot=c.dot models/teaching/06-conservative.pml
 * Look for: "has a thread not enabled here; backtrack := safe set ...
 * (case a)", then "threads {...} form a persistent set; stop (case b)"
 * and "closed; threads {...} not explored"; in the picture, the dashed
 * (pruned) edges out of state 0.
 * The threads end at a blocked `end: false` instead of terminating (see
 * 01-diamond.pml): the terminations would add dependent steps.
 */
byte x, y, f;
proctype R() { byte t; t = x; t = y; t = f }
active proctype T1() { x = 1; end: false }
active proctype T2() { y = 1; end: false }
active proctype T3() { f = 1; end: false }
active proctype T4() { f == 1; x = 2; end: false }
