# a run that ends in a valid end state, saved and replayed ("error none":
# exit 0)
cp @SRCDIR@/tests/models/chan_rendezvous.pml . && @SPORE@ simulate --seed 3 --trail=ok.trail chan_rendezvous.pml >/dev/null; @SPORE@ replay chan_rendezvous.pml ok.trail
