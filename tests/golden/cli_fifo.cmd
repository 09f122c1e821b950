# A model read from a FIFO is read once, also when it needs the
# preprocessor (cpp gets the text on its standard input), and its
# diagnostics show its lines (issue 14, item 8).
mkfifo f.pml &&
{ printf '#define N 0\nactive proctype p() { byte y; y = 1; assert(N) }\n' >f.pml & } &&
@SPORE@ --quiet --no-trail f.pml >out; echo "exit $?"; grep '^VIOLATED' out;
{ printf '#define N 0\nactive proctype p() { assert(N) \n' >f.pml & } &&
@SPORE@ --check f.pml 2>&1; echo "exit $?"
