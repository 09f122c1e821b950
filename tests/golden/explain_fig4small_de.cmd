# --explain on the small Figure 4 (E5b, models/teaching/06-conservative.pml)
# under --por=de: every decision, in order.
@SPORE@ --por=de --explain --quiet --no-trail @SRCDIR@/models/teaching/06-conservative.pml | grep '^state '
