# interactive simulation over a pipe: choices echoed after the prompts,
# a bad answer asks again, q quits (exit 0)
cp @SRCDIR@/models/abp.pml . && printf '2\nx\n7\n1\nq\n' | @SPORE@ simulate --interactive abp.pml
