# requires: gnuplot
# The benchmark report draws its plots (issue 14, item 17):
# tests/bench/clients-report on the kept tests/bench/clients.csv writes
# two PNG pictures and links them from RESULTS.md.
sh @SRCDIR@/tests/bench/clients-report @SRCDIR@/tests/bench/clients.csv out 20 10 \
  2 no none,spor,dl,de,dl-jpf,de-jpf,odpor no @SPORE@ >/dev/null 2>&1
echo "clients-report: exit $?"
for p in cactus scatter-spor-dl; do
  printf '%s.png: ' $p; head -c 4 out/$p.png | tail -c 3; echo
done
grep -c '^!\[' out/RESULTS.md
