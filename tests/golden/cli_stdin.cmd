# '-' as the model reads standard input (issue 14, item 12): messages
# name it <stdin>, cpp runs as for a file (a '#define', -D), the trail
# is stdin.spore.trail, which 'spore replay -' reads by default;
# 'simulate --interactive -' is refused (2): stdin holds the model.
printf '#define N 2\nbyte x;\nactive [N] proctype p() { assert(x == 0); x++ }\n' >a.pml &&
{ @SPORE@ --por=none - <a.pml; echo "search: exit $?"; } | sed -n '1,/^final state/p;/^VIOLATED/p;/^search/p'; ls;
@SPORE@ replay - <a.pml | head -n 2; echo "replay: exit $?";
printf 'active proctype p() {\n  y = N\n}\n' | @SPORE@ -D N=3 - 2>&1; echo "model error: exit $?";
printf 'active proctype p() {\n  y = 1\n}\n' | @SPORE@ --json - 2>/dev/null; echo "json: exit $?";
@SPORE@ simulate --interactive - <a.pml 2>&1 | head -n 1; echo "interactive: exit $?"
