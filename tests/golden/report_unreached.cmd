# "unreached in proctype" as pan prints it (issue 14, item 15): after a
# complete search, per proctype, the locations no run reaches (spore's
# location numbers); the same list under every reduction; in JSON as
# "unreached"; -n leaves it out; none after a search stopped at its
# first error (-c1, as pan), listed again with -c0.
cp @SRCDIR@/tests/golden/unreached_branches.pml b.pml &&
cp @SRCDIR@/tests/golden/unreached_atomic.pml a.pml &&
for p in none spor de dl odpor; do
  echo "--por=$p:"; @SPORE@ --por=$p b.pml | sed -n '/^unreached/,/^$/p'
done;
@SPORE@ --json b.pml | grep -o '"unreached":.*\]}\]';
@SPORE@ -n b.pml | grep -c unreached;
@SPORE@ --no-trail a.pml | grep -c unreached;
@SPORE@ --no-trail -c0 a.pml | sed -n '/^unreached/,/^$/p'
