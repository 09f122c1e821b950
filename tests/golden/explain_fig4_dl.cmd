# --explain on the paper's Figure 4 (E5, tests/models/por_e5.pml) under
# --por=dl: the decisions at the initial state (case (a), then case (b)).
@SPORE@ --por=dl --explain --quiet --no-trail -c0 @SRCDIR@/tests/models/por_e5.pml | grep '^state 0:'
