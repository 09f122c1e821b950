/* A send whose field count is not the channel's, through a struct field the
 * compiler does not follow: a run-time error, as pan's "too few parameters
 * in send stmnt" (it read out of bounds before). */
typedef T { chan c };
T t;
chan a = [1] of { byte, byte };
byte x;
active proctype p() { t.c = a; t.c!1; }
active proctype q() { t.c = a; t.c?x }
