/* spore's limits, known at compile time, are errors of the model that
 * name the limit and the place (spore(1), LIMITS): the globals take at
 * most 60000 bytes. */
int a[10000];
int b[6000];

active proctype P()
{
    a[1] = b[1]
}
