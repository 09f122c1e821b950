/* spore-options: -c0 --outcomes=x */
/* Issue 9, class 1 variant: the owner blocks at a receive; the sender
 * becomes ready after a local step. */
chan c = [0] of { byte };
byte x;
active proctype S() { byte v; atomic { x = 1; c?v; assert(x != 7) } }
active proctype R() { byte t; t = 1; c!t }
active proctype W() { x = 7 }
