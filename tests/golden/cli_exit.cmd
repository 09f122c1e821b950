# Exit statuses as spore(1) documents them (issue 14, item 12): a missing
# model and a folder are usage errors (2); '-' reads standard input
# (empty here: a model error, 3); a --dot, --end-states or
# simulate --trail file that cannot be written is reported on stderr and
# the verdict's status stands (1 here).
cp @SRCDIR@/models/mutex-bug.pml . && mkdir dir &&
for m in nope.pml dir -; do
  @SPORE@ --check $m 2>err; rc=$?; head -n 1 err; echo "$m: exit $rc"
done;
for o in --dot=no/g.dot --end-states=no/ends; do
  @SPORE@ --quiet --no-trail $o mutex-bug.pml >out 2>err; rc=$?
  grep '^VIOLATED' out; echo "$o: exit $rc"; cat err
done;
@SPORE@ simulate --seed=1 --quiet --trail=no/t mutex-bug.pml 2>err >/dev/null
echo "simulate --trail=no/t: exit $?"; cat err
