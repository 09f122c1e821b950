# The edges of a --dot picture match the statistics: edges of class
# "explored" (the start arrow included) = stored + matched (the JSON
# "transitions"); with --dot-full, edges of class "reduced" = the reduced
# search's figure and all state-to-state edges = the full search's.
for m in $(cd @SRCDIR@ && echo models/teaching/*.pml) models/peterson.pml models/abp.pml models/protocols/dekker.pml models/seeds/account.pml tests/models/atomic.pml tests/models/d_step.pml tests/models/chan_rendezvous.pml; do
  full=$(@SPORE@ --por=none -c0 --json --no-trail @SRCDIR@/$m 2>/dev/null | tr ',' '\n' | sed -n 's/^"transitions":\([0-9]*\)$/\1/p')
  for p in none spor de dl; do
    t=$(@SPORE@ --por=$p -c0 --json --no-trail --dot=g.dot @SRCDIR@/$m 2>/dev/null | tr ',' '\n' | sed -n 's/^"transitions":\([0-9]*\)$/\1/p')
    e=$(grep -c 'class="explored"' g.dot)
    @SPORE@ --por=$p -c0 --quiet --no-trail --dot=f.dot --dot-full @SRCDIR@/$m >/dev/null 2>&1
    r=$(grep -e '->' f.dot | grep -c 'class="reduced"')
    a=$(grep -e '->' f.dot | grep -vc 'class="error"')
    if [ "$t" = "$e" ] && [ "$t" = "$r" ] && [ "$a" = "$full" ]; then echo "$m $p ok"; else echo "$m $p FAIL: transitions $t explored $e reduced $r; full $full drawn $a"; fi
  done
done
