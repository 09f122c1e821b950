/* S-POR under -a with an ltl property (tests/live/check.sh): P loops
 * for ever on a local step, invisible to everything.  A reduction that
 * took P's step alone at every state (no cycle proviso) would never
 * let Q move and hide the violations of `always x == 0' (the claim
 * reaches its end) and of `infinitely often x == 0' (an acceptance
 * cycle, once Q has moved).  spore's proviso under -a is static
 * (engine/por/por_live.c): P's step is a back edge of P's control
 * flow, so no state is reduced to it.
 * SPIN 6.5.2 (-a): never claim violated; (-a -N recur) acceptance
 * cycle. */
byte x;

active proctype P()
{
    byte i;
    do
    :: i = 1 - i
    od
}

active proctype Q()
{
    x = 1
}

ltl stay { [] (x == 0) }
ltl recur { [] <> (x == 0) }
