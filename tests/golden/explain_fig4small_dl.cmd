# --explain on the small Figure 4 (E5b, models/teaching/06-conservative.pml)
# under --por=dl: every decision, in order.
@SPORE@ --por=dl --explain --quiet --no-trail @SRCDIR@/models/teaching/06-conservative.pml | grep '^state '
