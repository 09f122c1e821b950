/* spore-options: --expect=tests/errors/outcome_expect.outcomes */
/* outcome_expect: an expect file with one mistake of each kind (the
 * diagnostics name its lines and columns). */
byte x;
short y;
bit a[2];
byte w;

active proctype P()
{
    x = 1;
    a[1] = 1;
    w = x
}
