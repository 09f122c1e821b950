# replay --msc: buffered sends, their receives (FIFO), a rendezvous
cp @SRCDIR@/tests/golden/replay_msgs.pml . && @SPORE@ --quiet replay_msgs.pml >/dev/null; @SPORE@ replay --msc replay_msgs.pml
