/* spore-options: -D N=3 -D K -U M */
/* The model has no preprocessor line: -D, -U and -I still run cpp,
 * so N and K are defined; M stays undeclared. */
byte a[N];

active proctype P()
{
    a[N - 1] = K;
    a[0] = M
}
