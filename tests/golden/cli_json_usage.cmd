# --json anywhere on the command line makes usage errors a JSON object
# on stdout with exit status 2 (issue 14, item 11): an unknown option
# before --json, a bad option value, getopt's missing argument, no
# model, an extra argument, exclusive modes, the dumps, --dot=- ;
# --version and --check (verdict "ok") are objects too, and
# --end-states=- puts the end states in the report.
cp @SRCDIR@/models/peterson.pml . &&
printf 'byte x;\nactive [2] proctype p() { x++; x++ }\n' >e.pml &&
@SPORE@ --bogus peterson.pml --json 2>/dev/null; echo "exit $?";
@SPORE@ -m x --json peterson.pml 2>/dev/null; echo "exit $?";
@SPORE@ --json peterson.pml -m 2>/dev/null; echo "exit $?";
@SPORE@ --json 2>/dev/null; echo "exit $?";
@SPORE@ --json peterson.pml extra 2>/dev/null; echo "exit $?";
@SPORE@ --json --check --por-check peterson.pml 2>/dev/null; echo "exit $?";
@SPORE@ --json --dump-bytecode peterson.pml 2>/dev/null; echo "exit $?";
@SPORE@ --json --dot=- peterson.pml 2>/dev/null; echo "exit $?";
@SPORE@ --json --check peterson.pml 2>/dev/null; echo "exit $?";
@SPORE@ --json -V | sed 's/"date":"[^"]*"/"date":D/'; echo "exit $?";
@SPORE@ --json --por=none --end-states=- e.pml | grep -o '"end_state_vectors":.*'; echo "exit $?"
