/* An unsigned bit field has 1 to 31 bits (SPIN: "has invalid
 * width-field", "unsigned without width-field"); the width is a
 * constant. */
unsigned u : 0;
unsigned w : 32 = 1;
typedef T { unsigned f : 40; byte b };
unsigned ok : 3 = 9;
byte n;
unsigned v : n;

active proctype P() { skip }
