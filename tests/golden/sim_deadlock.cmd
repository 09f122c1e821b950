# a random run that ends in a deadlock (invalid end state, exit 1)
cp @SRCDIR@/tests/models/deadlock.pml . && @SPORE@ simulate --seed 1 deadlock.pml
