/* spore-options: --outcomes=a[0],b */
/* outcome_one: an array of one element is still an array (SPIN names
 * its element a[0]); a whole array named alone means all its elements. */
byte a[1];
byte b[1];

active [2] proctype P()
{
    a[0] = a[0] + 1;
    b[0] = _pid + 1
}
