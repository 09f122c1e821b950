/* spore-options: --outcomes=x,y,done */
/* outcome_atomic: end states inside atomic sequences.  A stops for good
 * inside its atomic sequence at an end label (the owner blocks there, so
 * the state is stored and is a valid end state) or leaves it; B's
 * d_step and C's atomic increment race with A.  Every end state is
 * counted once, however many interleavings reach it. */
byte x;
byte y;
bool done;

active proctype A()
{
    atomic {
        x = x + 1;
        if
        :: y == 0 -> end_wait: (y == 7)
        :: y > 0 -> x = x + 10
        fi
    }
}

active proctype B()
{
    d_step { y = y + 1; x = x * 2 }
}

active proctype C()
{
    atomic { y = y + 2; done = true }
}
