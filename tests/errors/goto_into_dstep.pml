/* A goto from outside to a label inside a d_step (issue 14, item 15):
 * the error says why, not "no such label".  SPIN: jump into d_step
 * sequence. */
byte v;
active proctype p()
{
    goto L;
    d_step { v = 1; L: v = 2 }
}
