/* diff-failure 001: a lone d_step is taken as the partner of a pending
 * rendezvous send (from genmodel --seed 1, minimised) */
chan r = [0] of { byte };
byte g;
active proctype A() { r!0 }
active proctype B() { d_step { g = 1 } }
