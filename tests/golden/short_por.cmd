# -i with an explicit reduction is refused (usage error, exit 2)
cp @SRCDIR@/tests/golden/short_detour.pml . && @SPORE@ -i --por=spor short_detour.pml 2>&1
