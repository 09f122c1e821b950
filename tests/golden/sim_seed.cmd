# random simulation with a fixed seed and a step limit (-u)
cp @SRCDIR@/models/abp.pml . && @SPORE@ simulate --seed 7 -u 30 abp.pml
