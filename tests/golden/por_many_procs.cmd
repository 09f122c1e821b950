# Thread sets are 64-bit masks (issue 14, item 7): at a state where a
# process with pid 63 or more can move, every reduction expands fully.
# The report says so, in text and in JSON, instead of staying silent.
# 66 processes that move one after the other: 9 such states.
printf 'byte x;\nactive [66] proctype P() { x == _pid; x++ }\n' >m.pml &&
for m in spor dl; do
  @SPORE@ --por=$m m.pml | grep -e 'states, stored' -e '63 processes'
  @SPORE@ --por=$m --json m.pml | grep -o '"full_procs":[^}]*'
done
printf 'active [3] proctype P() { skip }\n' >few.pml &&
@SPORE@ --por=spor --json few.pml | grep -c full_procs || true
