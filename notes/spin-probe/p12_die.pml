/* process death: only the last process can be removed */
byte x;
active proctype A() { x = 1 }
active proctype B() { skip }
