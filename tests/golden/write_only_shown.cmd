# a global that only printf reads is left out of the search's state (as
# pan does), but the counterexample shows the values the model computed
# (issue 14, item 5): printf, the changes and the final state say y=6/5
cp @SRCDIR@/tests/models/write_only_printf.pml . && @SPORE@ --por=none write_only_printf.pml | sed -n '/^Counterexample/,/^$/p'
