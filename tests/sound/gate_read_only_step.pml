/* spore-options: -c0 --outcomes=k */
/* Found by the guard family of tests/gen/exhaust after the issue 9
 * fixes (O-DPOR only): B's `skip' only reads the atomic gate.  S-POR
 * takes it alone (it is invisible), but O-DPOR counted it as an event
 * ordered after A's gate writer `k = 1', which hid the race between
 * A's chain and B's assert.  A step that only reads the gate is not an
 * event (por_odpor.c ev_label). */
byte k;
active proctype A() { atomic { k = 1; k < 2 } }
active proctype B() { assert(k == 0); skip }
