# No output file may be the model (issue 14, item 13): --dot,
# --end-states and simulate --trail naming the model (by another name
# too) are refused with status 2, and the model is left as it was.
cp @SRCDIR@/models/mutex-bug.pml m.pml && ln m.pml same.pml && cksum <m.pml >sum &&
for a in --dot=m.pml --end-states=./m.pml --dot=same.pml; do
  @SPORE@ --quiet $a m.pml; echo "$a: exit $?"
done 2>&1;
@SPORE@ simulate --trail=m.pml m.pml 2>&1; echo "simulate --trail=m.pml: exit $?";
cksum <m.pml | cmp - sum && echo "m.pml unchanged"
