/* spore-options: -c0 --outcomes=x --expect=outcome_race_bad.outcomes */
/* outcome_race_bad: the expect file admits only x == 2; the lost update
 * (x == 1) is an outcome not admitted, a violation with a trail. */
byte x;

active [2] proctype P()
{
    byte t;
    t = x;
    x = t + 1
}
