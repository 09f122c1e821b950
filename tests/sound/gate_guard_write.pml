/* spore-options: -c0 --outcomes=x,y */
/* Issue 9, class 1 variant: an atomic owner blocked half way on a
 * global guard; T's write lets it go on; W must still be able to write
 * in the gap. */
byte x, y;
active proctype S() { atomic { x = 1; y == 1; assert(x == 1) } }
active proctype T() { y = 1 }
active proctype W() { x = 7 }
