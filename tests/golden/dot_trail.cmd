# The counterexample is drawn bold, ending in a red node (invalid end
# state) or a red edge to an error node (assertion).
cp @SRCDIR@/tests/models/por_e6.pml @SRCDIR@/models/mutex-bug.pml . &&
for m in por_e6.pml mutex-bug.pml; do
  @SPORE@ --por=dl --quiet --no-trail --dot=g.dot $m >/dev/null
  echo "$m: exit $?, bold edges $(grep -c 'style=bold' g.dot), error nodes $(grep -c 'shape=octagon' g.dot), red end nodes $(grep -c 'color=red, penwidth=3\]' g.dot)"
done
