# a global that only printf reads keeps its values in simulation (the
# search drops it, as pan does; the simulator must not)
cp @SRCDIR@/tests/models/printf.pml . && @SPORE@ simulate --seed 1 printf.pml
