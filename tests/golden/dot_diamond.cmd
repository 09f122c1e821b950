# The --dot picture of models/teaching/01-diamond.pml under DL: one path
# through the 3 x 3 grid, the pruned moves dashed.
cp @SRCDIR@/models/teaching/01-diamond.pml . && @SPORE@ --por=dl --quiet --no-trail --dot=- 01-diamond.pml | sed -n '/^digraph/,/^}/p'
