#!/bin/sh
# tests/diff/por-diff.sh -- differential test of spore's partial order
# reductions (issue 3): every --por mode must agree with --por=none.
#
# Usage: por-diff.sh [-j JOBS] [-o DIR] [-q] [-c] N1 N2
#        por-diff.sh [-j JOBS] [-o DIR] [-q] [-c] -f MODEL.pml...
#
#   N1 N2     the genmodel seeds N1..N2 (inclusive)
#   -f        compare on the given model files instead of seeds
#   -c        quick: one `spore --por-check' run per model instead of
#             three runs per mode (lib.sh's por_check_model: every mode
#             spore has, -c0 only, no stateless runs; codes k s o)
#   -j JOBS   run JOBS models at a time (default 1)
#   -o DIR    copy every disagreeing model to DIR/por-NAME.pml (default
#             ./diff-out)
#   -q        print only disagreements, failures and the summary
#
# For every model and every mode of $POR_MODES (default: spor de dl
# de-jpf dl-jpf odpor), three spore runs are compared with the same runs
# under --por=none:
#   -E                             assertion reachability (code a)
#   -A                             invalid-end-state reachability (code e)
#   -c0 --end-states=FILE          error kinds found (k) and the sorted
#   [--outcomes=GLOBALS]           set of reachable end states (s); the
#                                  outcome sets over every global the
#                                  model declares, with their end-state
#                                  counts (o), when spore has --outcomes
# When spore has --stateless (or STATELESS=1), none and every mode are
# also run with --stateless -m $SL_DEPTH --time-limit=$SL_TIME: a
# violation or end state they find must be one --por=none finds, and a
# search that was not cut must agree exactly.
# A mode spore does not implement yet (exit 2, "not implemented") shows
# as `-' and is counted as skipped; `?' is a failed or cut run.  One line
# per model: its name, base:KINDS (A/E: what --por=none finds) and
# MODE:CODE for each configuration (`=' agrees).
#
# Exit status: 0 when no mode disagrees, 1 otherwise, 2 on usage errors.
# Environment: SPORE, GENMODEL, GENOPTS, POR_MODES, STATELESS (auto, 0,
# 1), SL_DEPTH (12), SL_TIME (3), OUTCOMES (auto, 0, 1), POR_MAX_STATES
# (skip models on which --por=none stores more; default 0: no limit),
# TIMEOUT (60 s per run), DEPTH, TMPDIR.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

jobs=1
outdir=./diff-out
quiet=0
files=0
quick=0

usage()
{
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
    exit "$1"
}

# one_model NAME SEED|FILE: print the result line of one model
one_model()
{
    name=$1
    work=$(mktemp -d "${TMPDIR:-/tmp}/por-diff.XXXXXX") || exit 2
    if [ $files -eq 1 ]; then
        cp "$2" "$work/m.pml"
        for f in "$(dirname "$2")"/*.h "$(dirname "$2")"/*.inc; do
            [ -f "$f" ] && cp "$f" "$work/"
        done
    else
        gen_model "$2" "$work/m.pml"
    fi
    if [ "$quick" -eq 1 ]; then
        codes=$(por_check_model "$work" m.pml)
    else
        codes=$(por_model "$work" m.pml)
    fi
    line="$name $codes"
    case " $codes" in
    *" base:FAIL"*) ;;
    *)
        if echo "$codes" | tr ' ' '\n' | grep -q ':[aekso]'; then
            mkdir -p "$outdir" &&
                cp "$work/m.pml" "$outdir/por-$(basename "$name" .pml).pml"
        fi
        ;;
    esac
    echo "$line"
    rm -rf "$work"
}

if [ "${1:-}" = --worker ]; then
    # internal: --worker J JOBS OUTDIR FILES QUICK N1 N2 | MODEL...
    j=$2 jobs=$3 outdir=$4 files=$5 quick=$6
    shift 6
    if [ "$files" -eq 1 ]; then
        i=0
        for m in "$@"; do
            if [ $((i % jobs)) -eq "$j" ]; then
                one_model "$m" "$m"
            fi
            i=$((i + 1))
        done
    else
        seed=$(($1 + j))
        while [ "$seed" -le "$2" ]; do
            one_model "$seed" "$seed"
            seed=$((seed + jobs))
        done
    fi
    exit 0
fi

while getopts j:o:fqch opt; do
    case $opt in
    j) jobs=$OPTARG ;;
    o) outdir=$OPTARG ;;
    f) files=1 ;;
    c) quick=1 ;;
    q) quiet=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
case $jobs in
''|*[!0-9]*) usage 2 ;;
esac
[ "$jobs" -ge 1 ] || usage 2
if [ $files -eq 1 ]; then
    [ $# -ge 1 ] || usage 2
    set -- $(for m in "$@"; do
        case $m in
        /*) echo "$m" ;;
        *) echo "$(pwd)/$m" ;;
        esac
    done)
else
    [ $# -eq 2 ] || usage 2
    case $1$2 in
    *[!0-9]*) usage 2 ;;
    esac
fi
if [ $files -eq 1 ]; then
    need_tools
else
    need_tools gen
fi
# decide the `auto' settings once, not in every model's subshell
if stateless_ok; then STATELESS=1; else STATELESS=0; fi
if outcomes_ok; then OUTCOMES=1; else OUTCOMES=0; fi
export SPORE GENMODEL TIMEOUT DEPTH POR_MODES STATELESS SL_DEPTH SL_TIME
export OUTCOMES
export POR_MAX_STATES
case $outdir in
/*) ;;
*) outdir=$(pwd)/$outdir ;;
esac

res=$(mktemp "${TMPDIR:-/tmp}/por-diff-res.XXXXXX") || exit 2
trap 'rm -f "$res" "$res".*' EXIT
j=0
while [ $j -lt "$jobs" ]; do
    sh "$0" --worker $j "$jobs" "$outdir" $files $quick "$@" >"$res.$j" &
    j=$((j + 1))
done
wait
cat "$res".* | sort -n >"$res"

if [ $quiet -eq 1 ]; then
    grep -E ':[aekso?]|base:FAIL' "$res"
else
    cat "$res"
fi
awk -v outdir="$outdir" '
    {
        n++
        if ($2 ~ /^base:FAIL/) { basefail++; next }
        if ($2 ~ /^base:BIG/) { big++; next }
        for (i = 3; i <= NF; i++) {
            split($i, p, ":")
            m = p[1]; c = p[2]
            if (!(m in seen)) { seen[m] = 1; order[++nm] = m }
            if (c == "=") ok[m]++
            else if (c == "-") ni[m]++
            else if (c == "?") fail[m]++
            else { bad[m]++; nbad++ }
        }
    }
    END {
        printf "\nmodels: %d  (--por=none failed on %d", n, basefail
        if (big)
            printf "; %d skipped, bigger than POR_MAX_STATES", big
        printf ")\n"
        printf "%-14s %8s %8s %8s %8s\n", "mode", "agree", "DIFFER",
            "failed", "skipped"
        for (i = 1; i <= nm; i++) {
            m = order[i]
            printf "%-14s %8d %8d %8d %8d%s\n", m, ok[m], bad[m], fail[m],
                ni[m], ni[m] == n - basefail - big ? "  (not implemented)" : ""
        }
        if (nbad)
            printf "disagreeing models copied to %s\n", outdir
        exit nbad > 0
    }' "$res"
