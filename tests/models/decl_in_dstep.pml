/* A declaration inside a d_step assigns its initial value where it
 * stands (spore used to drop it and report a false assertion
 * violation). */
active proctype P()
{
    byte y;

    y = 1;
    d_step {
        byte x = 5;
        y = x
    };
    assert(y == 5)
}
