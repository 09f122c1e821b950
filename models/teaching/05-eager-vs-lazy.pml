/* 05-eager-vs-lazy.pml -- eager (DE) and lazy (DL) source sets: the
 * paper's Figure 3 (E3).
 *
 * Both algorithms start each irreducible state with one thread and add
 * a thread to its backtrack set when a later step of that thread
 * depends on the step taken here.  DE (eager) notes each dependency as
 * the search goes forward, comparing every new step with the steps on
 * the stack; DL (lazy) waits until the search comes back to the state
 * and then walks the stored graph below it once.  spore tries the
 * highest pid first, so the roles of the paper's T1 and T3 swap: at
 * the initial state both algorithms explore T3 (pid 2, x = 2), learn
 * dep = {0,1} (T1 writes x, T2 reads it), explore T2 (pid 1), whose
 * first step y = 1 depends on nothing, and stop with done = {1,2}:
 * {1} is closed under dependency (case (b) of the backtrack update),
 * although T3 alone is not persistent; T1 is never started there.
 *
 * Try:
 *   spore --por=de --explain models/teaching/05-eager-vs-lazy.pml
 *   spore --por=dl --explain models/teaching/05-eager-vs-lazy.pml
 * Look for: DE's "dependency of ..." lines appear while going forward,
 * right after the "step" that causes them; DL's appear after the
 * search returns ("thread N explored; dep(N) = ..."), with its
 * short-cuts O2-O5; both end at state 0 with "threads {...} form a
 * persistent set; stop (case b)".
 * The threads end at a blocked `end: false` instead of terminating (see
 * 01-diamond.pml): the terminations would add dependent steps.
 */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { x = 1; end: false }
active proctype T2() { byte t; y = 1; t = x; end: false }
active proctype T3() { x = 2; end: false }
