/* A never claim observes the system and must not change it (SPIN's
 * rule): assignments, sends, receives and run are refused, and so is
 * _pid (the claim is not a process). */
byte x;
chan c = [1] of { byte };

active proctype P() { x++ }

never {
    do
    :: x > 0 -> x = 0
    :: c!1
    :: c?x
    :: _pid == 0 -> break
    od
}
