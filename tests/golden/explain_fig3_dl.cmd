# --explain on the paper's Figure 3 (E3, models/teaching/05-eager-vs-lazy.pml)
# under --por=dl: every decision, in order.
@SPORE@ --por=dl --explain --quiet --no-trail @SRCDIR@/models/teaching/05-eager-vs-lazy.pml | grep '^state '
