/* tests/golden/unreached_atomic.pml: a branch inside atomic no run takes,
 * a process blocked for ever, and a proctype never run, for "unreached
 * in proctype" (report_unreached.cmd). */
byte x;
active proctype A() {
    atomic { x = 1; x = 2; if :: x == 5 -> x = 3 :: else fi; x = 4 }
    d_step { x = 5; x = 6 }
end: x = 7
}
active proctype B() {
    byte y;
    (x == 100);
    y = 1
}
proctype C() { x = 9 }
