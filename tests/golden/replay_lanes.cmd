# replay --lanes of a counterexample of a channel model
cp @SRCDIR@/tests/golden/replay_msgs.pml . && @SPORE@ --quiet replay_msgs.pml >/dev/null; @SPORE@ replay --lanes replay_msgs.pml
