/* 02-safe-sets.pml -- invisible steps and safe sets (S-POR).
 *
 * Three threads each make two steps on a local variable, then write the
 * shared x.  A step that touches no shared variable is "invisible": it
 * commutes with everything any other thread does, so exploring that one
 * thread alone (a safe set of one thread) loses nothing.  The full
 * search interleaves every local step with every other: 3^3 local
 * combinations, then the writes.  S-POR follows the local steps of one
 * thread at a time and only branches where every enabled step is
 * visible.
 *
 * Try:
 *   spore --por=none models/teaching/02-safe-sets.pml
 *   spore --por=spor models/teaching/02-safe-sets.pml
 *   spore --por=spor --explain models/teaching/02-safe-sets.pml | head -20
 * Look for: "state N: reducible: thread 2 is invisible (safe set {2});
 * explore thread 2 alone" while local steps remain, and "irreducible;
 * enabled {0,1,2}; explore all" once every thread's next step writes x.
 * In `spore --por=spor --dot=s.dot ...` reducible states are green with
 * one thread in their safe set, irreducible ones orange.
 */
byte x;
proctype R() { byte t; t = x }
active [3] proctype T() { byte l; l++; l++; x = l + _pid; end: false }
