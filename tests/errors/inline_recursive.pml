/* A recursive inline (found by the model fuzzer, issue 14, item 16):
 * four calls of itself used to expand 4^64 times before the depth
 * limit; it is refused at the first recursive call. */
byte x;
inline four() { x++; four(); four(); four(); four() }
active proctype p() { four() }
