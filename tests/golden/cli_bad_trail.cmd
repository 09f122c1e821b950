# A trail's header is checked before it decides anything (issue 14,
# item 10): a step count the file cannot hold, a negative one, a cut
# trail, a SPIN trail and a missing file are each "bad trail" (or
# "cannot read") with the file and line, status 2, and nothing reserved.
cp @SRCDIR@/models/mutex-bug.pml m.pml &&
printf 'spore-trail 1\nmodel m.pml\nsteps 99999999999\n0 0\nend\n' >huge.trail &&
printf 'spore-trail 1\nsteps -1\nend\n' >neg.trail &&
printf 'spore-trail 1\nsteps 3\n0 0\n1 0\n' >cut.trail &&
printf -- '-2:2:-2\n-4:-4:-4\n1:0:3\n' >spin.trail &&
for t in huge neg cut spin none; do
  @SPORE@ replay m.pml $t.trail 2>&1; echo "$t: exit $?"
done
