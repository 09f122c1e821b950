# --explain shows the stack proviso (models/teaching/04-ignoring.pml,
# S-POR) and the reducible states of models/teaching/02-safe-sets.pml.
@SPORE@ --por=spor --explain --quiet --no-trail @SRCDIR@/models/teaching/04-ignoring.pml | grep '^state ' &&
@SPORE@ --por=spor --explain --quiet --no-trail @SRCDIR@/models/teaching/02-safe-sets.pml | grep '^state ' | head -8
