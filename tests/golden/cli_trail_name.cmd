# spore's trails have a name of their own (issue 14, item 14):
# MODEL.spore.trail (-e: MODEL1.spore.trail, ...), read by replay when no
# trail is named; pan's MODEL.trail is neither overwritten nor read.
cp @SRCDIR@/models/mutex-bug.pml m.pml &&
printf -- '-2:2:-2\n-4:-4:-4\n1:0:3\n' >m.pml.trail && cp m.pml.trail pan.trail &&
@SPORE@ --quiet m.pml >out; echo "search: exit $?"; grep -E '^spore: wrote|^VIOLATED' out;
cmp -s m.pml.trail pan.trail && echo "m.pml.trail untouched";
@SPORE@ replay --quiet m.pml >out; echo "replay: exit $?"; tail -n 1 out;
@SPORE@ replay m.pml m.pml.trail 2>&1; echo "replay m.pml.trail: exit $?";
rm m.pml.spore.trail; @SPORE@ replay m.pml 2>&1; echo "replay, no trail: exit $?";
@SPORE@ --quiet -e -c3 m.pml | grep '^spore: wrote'; ls *.trail
