/* Locals that are never read again: SPIN (-o3) resets them to 0 after
 * the last write, so the two branches meet in the same state. */
active proctype P()
{
    byte x;
    if
    :: true -> x = 1
    :: true -> x = 2
    fi;
    skip
}
