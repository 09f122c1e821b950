/* spore-options: -c0 */
/* Found by the model fuzzer under UBSan (issue 14, item 16): the very
 * first step ends in a finding with no successor vector (b[1] is out of
 * bounds), which the graph reductions' successor copy (dfs.c
 * keep_general) met with an empty vector buffer. */
byte b[1] = 7;
bit  f[4];

active proctype P()
{
    byte i;
    b[1] = b[0] + 1;
    f[3] = 1;
    i = 2;
    assert(f[3] && !f[0])
}
