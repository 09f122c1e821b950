#!/bin/sh
# tests/diff/spin-diff.sh -- differential test of spore against SPIN on
# random models from tests/gen/genmodel.
#
# Usage: spin-diff.sh [-j JOBS] [-o DIR] [-q] N1 N2
#
#   N1 N2     the seeds N1..N2 (inclusive)
#   -j JOBS   run JOBS seeds at a time (default 1)
#   -o DIR    copy every disagreeing model to DIR/spin-SEED.pml (default:
#             ./diff-out; created when needed)
#   -q        print only disagreements, failures and the summary
#
# For every seed: genmodel --seed N > m.pml, then
#   SPIN   spin -a -o3 m.pml; cc $PAN_CFLAGS -DNOREDUCE -DSAFETY -o pan pan.c
#          ./pan -m$DEPTH -c0 -n: `assertion violated' and `invalid end
#          state' lines give the two verdicts, `states, stored' the count
#   spore  spore --json --por=none -E m.pml    (assertion verdict)
#          spore --json --por=none -A m.pml    (end-state verdict)
#          spore --json --por=none -c0 m.pml   (stored states)
# and compares.  A line per seed: seed, SPIN/spore assertion verdicts
# (A / -), end-state verdicts (E / -), stored counts, and `yes', `count'
# (verdicts equal, counts differ), `NO' (a verdict differs) or `FAILED'
# (T/O time limit, rej spore rejected the model, err, inc incomplete).
#
# Exit status: 0 when everything agrees, 1 on any disagreement or failed
# run, 2 on usage errors or missing tools.
# Environment: SPORE, GENMODEL, GENOPTS (extra genmodel options), SPIN,
# CC, PAN_CFLAGS (default -O2), TIMEOUT (default 60 s per run), DEPTH
# (default 1000000), TMPDIR.  See lib.sh for how the binaries are found.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

jobs=1
outdir=./diff-out
quiet=0

usage()
{
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
    exit "$1"
}

# one_seed SEED: print the result line of one seed
one_seed()
{
    seed=$1
    work=$(mktemp -d "${TMPDIR:-/tmp}/spin-diff.XXXXXX") || exit 2
    gen_model "$seed" "$work/m.pml"
    spin_run "$work" m.pml
    spore_none "$work" m.pml
    failed=0
    for v in "$s_assert" "$s_end" "$s_stored" "$p_assert" "$p_end" \
        "$p_stored"; do
        if is_failure "$v"; then
            failed=1
        fi
    done
    if [ $failed -eq 1 ]; then
        match=FAILED
    elif [ "$s_assert" != "$p_assert" ] || [ "$s_end" != "$p_end" ]; then
        match=NO
    elif [ "$s_stored" != "$p_stored" ]; then
        match=count
    else
        match=yes
    fi
    if [ $match != yes ]; then
        mkdir -p "$outdir" && cp "$work/m.pml" "$outdir/spin-$seed.pml"
    fi
    printf "%-8s %-6s %-6s %-6s %-6s %9s %9s  %s\n" "$seed" \
        "$s_assert" "$p_assert" "$s_end" "$p_end" "$s_stored" "$p_stored" \
        "$match"
    rm -rf "$work"
}

seed_worker "$@"
seed_args "$@"
need_tools gen spin
export SPORE GENMODEL SPIN CC PAN_CFLAGS PAN_RUNFLAGS TIMEOUT DEPTH

res=$(mktemp "${TMPDIR:-/tmp}/spin-diff-res.XXXXXX") || exit 2
trap 'rm -f "$res" "$res".*' EXIT
seed_fan "$0" "$res"
sort -n -o "$res" "$res"

printf "%-8s %-6s %-6s %-6s %-6s %9s %9s  %s\n" seed SPIN-A spore \
    SPIN-E spore SPIN-st spore-st match
if [ $quiet -eq 1 ]; then
    awk '$8 != "yes"' "$res"
else
    cat "$res"
fi
awk -v outdir="$outdir" '
    { n++; c[$8]++ }
    END {
        printf "\nseeds: %d  agree: %d  count differs: %d  " \
            "verdict differs: %d  failed: %d\n",
            n, c["yes"], c["count"], c["NO"], c["FAILED"]
        if (n != c["yes"])
            printf "disagreeing models copied to %s\n", outdir
        exit n != c["yes"]
    }' "$res"
