/* two processes, two steps each: 3x3 grid plus termination */
byte x, y;
active proctype A() { x = 1; x = 2 }
active proctype B() { y = 1; y = 2 }
