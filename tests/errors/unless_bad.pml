/* Bad places for unless and its labels; SPIN 6.5.2 rejects each:
 * "unless in d_step (ignored)", "label L placed incorrectly ... always
 * use Label: { stmnt unless stmnt }", "cannot jump to the guard of an
 * escape (it is not a unique state)", and a label on an option's first
 * statement.  spore does not take unless in a never claim. */
byte x, y;
active proctype P()
{
    d_step { { x < 3 -> x++ } unless { y == 1 } };
    L1: x > 0 unless { y > 0 };
    { x > 0 } unless L2: { y > 0 };
    { x > 0 } unless { if :: L3: y > 1 :: y > 2 fi };
    L4: { x > 0 } unless { y > 3 };
    goto L4
}
never { do :: { skip } unless { x > 5 } od }
