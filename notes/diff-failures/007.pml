/* diff-failure 007: pan lets a d_step complete a pending rendezvous send
 * (from genmodel --seed 44, minimised).  SPIN 4 stored, spore 2.
 * Probably a SPIN bug: see 007.txt. */
byte g1;
chan r = [0] of { byte };
active proctype P0() { d_step { assert(g1 >= 0) }; r!1 }
active proctype P1() { r!0; r?_ }
