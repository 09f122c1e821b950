# -D, -U and -I run the preprocessor even when the model has no '#'
# line (issue 14, item 6); `unix` and `linux` are predefined as by SPIN's
# gcc -E, with or without -D.
printf 'active proctype p() { assert(N == 3 && unix == linux) }\n' >d.pml &&
for o in -DN=3 '-D N=4' '-DN=3 -UN'; do
  @SPORE@ --quiet --no-trail $o d.pml >out 2>&1; rc=$?
  grep -E '^(VERIFIED|VIOLATED|d.pml)' out; echo "$o: exit $rc"
done
