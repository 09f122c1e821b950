# -i: the first counterexample has 16 steps, the shortest 4 (pan -i with
# -DREACH agrees); a state first reached by a longer path is explored
# again.  Then the trail written is replayed.
cp @SRCDIR@/tests/golden/short_detour.pml . && @SPORE@ -i --quiet short_detour.pml 2>&1 | grep -v -E "elapsed|rate|memory|^ +[0-9.]+\t"; @SPORE@ replay short_detour.pml
