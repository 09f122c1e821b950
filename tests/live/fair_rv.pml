/* -a -f with a rendezvous: []<> flag holds only in fair runs (L may
 * spin for ever otherwise).  As in pan, a rendezvous is the sender's
 * move (S), and a process whose only move is a receive counts as
 * blocked.  The claim is spin -f '!([]<> flag)' (SPIN 6.5.2), so the
 * counts are comparable: spin -a -o3, cc -O1 -DNOREDUCE: ./pan -a:
 * errors: 1; ./pan -a -f: errors: 0, 12 states stored (32 visited),
 * 29 matched -- spore --por=none -a -f: the same. */
chan c = [0] of { bit };
bool flag;
active proctype S() { do :: c!1 od }
active proctype R() { do :: c?1 -> flag = true; flag = false od }
active proctype L() { bit b; do :: b = 1 - b od }
never  {    /* !([]<> flag) */
T0_init:
	do
	:: (! ((flag))) -> goto accept_S4
	:: (1) -> goto T0_init
	od;
accept_S4:
	do
	:: (! ((flag))) -> goto accept_S4
	od;
}
