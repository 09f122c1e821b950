# interactive simulation: the end of the input ends the run cleanly
cp @SRCDIR@/models/abp.pml . && printf '1\n' | @SPORE@ simulate --interactive -u 12 abp.pml
