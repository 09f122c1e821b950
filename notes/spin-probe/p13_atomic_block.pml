/* an atomic sequence that blocks in the middle: B runs, A resumes */
byte x, y;
active proctype A() { atomic { x = 1; y == 1; x = 2 } }
active proctype B() { y = 1 }
