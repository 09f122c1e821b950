# requires: dot
# --dot and --dot-full output parses (dot -Tsvg exits 0) on every
# teaching model and some corpus models, with values, and with a trail.
for m in $(cd @SRCDIR@ && echo models/teaching/*.pml) models/peterson.pml models/mutex-bug.pml tests/models/por_e6.pml tests/models/atomic.pml tests/models/chan_rendezvous.pml; do
  for f in "" "--dot-full" "--dot-values"; do
    @SPORE@ --por=dl -c0 --quiet --no-trail --dot=g.dot $f @SRCDIR@/$m >/dev/null 2>&1
    if dot -Tsvg g.dot >/dev/null 2>err; then echo "$m $f ok"; else echo "$m $f FAIL"; head -3 err; fi
    rm -f g.dot
  done
done
