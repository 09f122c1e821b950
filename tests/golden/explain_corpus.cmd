# --explain runs on corpus models under every reduction, prints decision
# lines and does not change the verdict (exit status).
for m in models/peterson.pml models/mutex-bug.pml models/protocols/dekker.pml models/seeds/account.pml models/abp.pml; do
  for p in none spor de dl odpor; do
    @SPORE@ --por=$p --quiet --no-trail @SRCDIR@/$m >/dev/null 2>&1; want=$?
    n=$(@SPORE@ --por=$p --explain --quiet --no-trail @SRCDIR@/$m 2>/dev/null | grep -c '^state [0-9]*: ')
    @SPORE@ --por=$p --explain --quiet --no-trail @SRCDIR@/$m >/dev/null 2>&1; got=$?
    if [ "$n" -gt 0 ] && [ "$got" = "$want" ]; then echo "$m $p ok"; else echo "$m $p FAIL (lines $n, exit $got, want $want)"; fi
  done
done
