/* spore-options: --outcomes=x */
/* outcome_race: two threads increment x without atomicity; the lost
 * update makes x == 1 a possible outcome besides x == 2. */
byte x;

active [2] proctype P()
{
    byte t;
    t = x;
    x = t + 1
}
