# lanes view of a random run with a process created by run
cp @SRCDIR@/tests/models/run_params.pml . && @SPORE@ simulate --seed 2 --lanes run_params.pml
