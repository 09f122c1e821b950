# message sequence chart of a random run (buffered channels)
cp @SRCDIR@/models/abp.pml . && @SPORE@ simulate --seed 1 --msc -u 40 abp.pml
