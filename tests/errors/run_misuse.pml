/* Where run cannot go (SPIN: "'run' in d_step sequence (use atomic)",
 * "cannot use 'run' in var init", "used 'run' outside proctype"). */
proctype R()
{
    skip
}

byte g = run R();

active proctype P()
{
    byte x = run R();

    d_step { x = 1; run R() };
    atomic { x = 2; run R() }
}
