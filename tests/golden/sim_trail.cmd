# a random run that ends in an assertion violation (exit 1), saved as a
# trail (--trail) and replayed: the replay reproduces the error
cp @SRCDIR@/tests/golden/replay_msgs.pml . && @SPORE@ simulate --seed 4 --trail=run.trail replay_msgs.pml; @SPORE@ replay --quiet replay_msgs.pml run.trail
