/* --dump-bytecode golden test: how statements become transitions.
 * The guard of an option is a step of its own, break and goto are
 * folded into the jumps of the steps before them, the atomic body's
 * inner steps keep the CPU, a d_step is one transition, and a local
 * that is dead after a step is reset to 0 by that step. */
byte x;
active proctype P()
{
    byte t;
    do
    :: x < 2 -> t = x; t < 5 -> x = x + 1
    :: x == 2 -> break
    od;
    atomic { x = 3; x = 4 };
    d_step { x = 5; x++ }
}
