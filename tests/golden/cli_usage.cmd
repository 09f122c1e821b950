# SPIN users' habits (issue 14, item 15): a mistyped command is an
# unknown command, not a model; option errors start with "spore:" and
# are usage errors (2).
cp @SRCDIR@/models/mutex-bug.pml m.pml &&
for a in 'simulat m.pml' 'check m.pml' '--bogus m.pml' '-Z m.pml' \
         '--e m.pml' '--json=1 m.pml' '-m' '--depth' '--dot'; do
  @SPORE@ $a 2>&1 | head -n 1; @SPORE@ $a >/dev/null 2>&1; echo "$a: exit $?"
done
