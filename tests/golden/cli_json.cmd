# --json is always JSON on stdout (issue 14, item 11): a model error
# (exit 3), a missing model (2) and a bad --outcomes name (3) give an
# object with verdict "error", the exit status and the diagnostics;
# --por-check --json gives one object per mode (times and memory cut
# here: they vary); simulate and replay refuse --json (2).
printf 'active proctype p() {\n  x = 1\n}\n' >bad.pml &&
cp @SRCDIR@/models/peterson.pml . &&
@SPORE@ --json bad.pml 2>/dev/null; echo "bad: exit $?";
@SPORE@ --json nope.pml 2>/dev/null; echo "nope: exit $?";
@SPORE@ --json --outcomes=zz peterson.pml 2>/dev/null; echo "outcomes: exit $?";
@SPORE@ --json --por-check peterson.pml | sed 's/"elapsed_seconds":[0-9.]*,"memory_bytes":[0-9]*,//g' | tr '{' '\n'; echo "por-check: exit $?";
@SPORE@ simulate --json peterson.pml 2>&1 | head -n 1; @SPORE@ replay --json peterson.pml 2>/dev/null; echo "replay: exit $?"
