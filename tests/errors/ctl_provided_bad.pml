/* provided clauses SPIN 6.5.2 rejects ("invalid PROVIDED clause"):
 * a local or a parameter, run, a global declared after the proctype. */
byte g;
proctype A(byte p) provided (p > 0) { skip }
proctype B() provided (x == 0) { byte x; skip }
proctype C() provided (run A(1)) { skip }
proctype D() provided (h == 0) { skip }
byte h;
init { run A(1); run B(); run C(); run D() }
