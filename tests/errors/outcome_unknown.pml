/* spore-options: --outcomes=x,cnt,a[5],x */
/* outcome_unknown: --outcomes names a variable the model lacks (with a
 * spelling suggestion), an element past the end of an array, and one
 * variable twice. */
byte x;
byte count;
byte a[3];

active proctype P()
{
    x = 1;
    count = 2
}
