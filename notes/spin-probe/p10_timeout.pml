/* timeout and else */
byte x;
active proctype A() { if :: x == 1 -> x = 2 :: else -> x = 3 fi; timeout -> x = 4 }
