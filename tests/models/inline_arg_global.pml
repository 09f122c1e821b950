/* An inline's parameter stands for the text of its argument, so the
 * argument may name a global spelled like the parameter: signal(s[sem])
 * increments the global s[sem] (spore used to reject it: "cannot index
 * or select a field of inline argument 's'").  The arguments are read
 * in the caller's context: in f(0, s[sem]) of `inline f(sem, s)' the
 * sem of s[sem] is the global, not the parameter.
 *
 * pan: spin -a -o3 inline_arg_global.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   State-vector 36 byte, depth reached 25, errors: 0
 *        78 states, stored
 *        41 states, matched
 *       119 transitions (= stored+matched)
 */
inline wait(s)   { atomic { s > 0 -> s-- } }
inline signal(s) { s++ }
inline f(sem, s) { s = s + sem }

byte s[2];
byte sem = 1;
byte done;

active [2] proctype user()
{
    do
    :: s[1] < 4 -> wait(s[0]);
       f(2, s[sem]);
       signal(s[0])
    :: s[1] >= 4 -> break
    od;
    done++
}

init
{
    signal(s[0]);
    done == 2;
    assert(s[0] == 1 && s[1] >= 4 && s[1] % 2 == 0)
}
