/* as p3, but A's two steps are atomic */
byte x, y;
active proctype A() { atomic { x = 1; x = 2 } }
active proctype B() { y = 1; y = 2 }
