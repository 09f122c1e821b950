#!/bin/sh
# tests/diff/exhaust-diff.sh -- every --por mode against --por=none on
# the small-scope programs of tests/gen/exhaust (issue 9: find the next
# class of missed violations before a user does).
#
# Usage: exhaust-diff.sh [-j JOBS] [-o DIR] [-q] [-p] [-a] [-s] [-k STEP]
#                        [N1 N2 | FAMILY... | all]
#
#   N1 N2     programs N1..N2 (inclusive; `exhaust --count' says how
#             many there are)
#   FAMILY    every program of the family: sync, index or dyn
#             (`exhaust --ranges')
#   all       every program (the default)
#   -k STEP   only every STEP-th program of each range (N1, N1+STEP, ...)
#   -p        the full comparison of por-diff.sh (three runs per mode
#             and the stateless variants; about 20 times slower) instead
#             of one `spore --por-check' run per program (por-diff.sh -c)
#   -a        number the programs as `exhaust --all-orders' does (every
#             order of a program's processes)
#   -s        also check that SPIN accepts every program (spin -a)
#   -j -o -q  as for por-diff.sh (programs at a time; where disagreeing
#             programs are copied, as por-eN.pml, default ./exhaust-out;
#             quiet)
#
# The programs go through tests/diff/por-diff.sh -f in chunks of $CHUNK
# (default 1000), so its output lines (N base:KINDS MODE:CODE ...) and
# codes are this script's; after them come the totals: programs x
# modes, agreements and disagreements per mode, and per family the
# programs, the disagreeing ones and the disagreements of each mode.
# Exit status: 0 when no mode disagrees, 1 otherwise, 2 on usage errors.
# Environment: EXHAUST (default: tests/gen/exhaust next to $SPORE),
# CHUNK, and those of por-diff.sh (SPORE, TIMEOUT, POR_MODES with -p,
# ...).

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

jobs=1
outdir=./exhaust-out
quiet=0
full=0
orders=
spin_check=0
step=1
CHUNK=${CHUNK:-1000}

usage()
{
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
    exit "$1"
}

while getopts j:o:qpask:h opt; do
    case $opt in
    j) jobs=$OPTARG ;;
    o) outdir=$OPTARG ;;
    q) quiet=1 ;;
    p) full=1 ;;
    a) orders=--all-orders ;;
    s) spin_check=1 ;;
    k) step=$OPTARG ;;
    h) usage 0 ;;
    *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
case $jobs$step$CHUNK in
''|*[!0-9]*) usage 2 ;;
esac
[ "$jobs" -ge 1 ] && [ "$step" -ge 1 ] && [ "$CHUNK" -ge 1 ] || usage 2
need_tools
if [ -z "${EXHAUST:-}" ]; then
    EXHAUST=$(dirname "$SPORE")/tests/gen/exhaust
fi
if [ ! -x "$EXHAUST" ]; then
    echo "$0: no exhaust binary (set EXHAUST; make tests/gen/exhaust)" >&2
    exit 2
fi
if [ $spin_check -eq 1 ]; then
    need_tools spin
fi
case $outdir in
/*) ;;
*) outdir=$(pwd)/$outdir ;;
esac
if outcomes_ok; then OUTCOMES=1; else OUTCOMES=0; fi
export SPORE TIMEOUT DEPTH POR_MODES OUTCOMES POR_MAX_STATES

# the ranges to run, "LO HI" a line
ranges=$("$EXHAUST" --ranges $orders) || exit 2
total=$("$EXHAUST" --count $orders) || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/exhaust-diff.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
if [ $# -eq 0 ]; then
    set -- all
fi
case $1 in
[0-9]*)
    [ $# -eq 2 ] || usage 2
    case $1$2 in
    *[!0-9]*) usage 2 ;;
    esac
    if [ "$2" -lt "$1" ] || [ "$2" -ge "$total" ]; then
        echo "$0: the programs are 0..$((total - 1))" >&2
        exit 2
    fi
    echo "$1 $2" >"$work/todo"
    ;;
*)
    : >"$work/todo"
    for f in "$@"; do
        if [ "$f" = all ]; then
            echo "0 $((total - 1))" >>"$work/todo"
            continue
        fi
        r=$(echo "$ranges" | awk -v f="$f" '$1 == f { print $2, $3 }')
        if [ -z "$r" ]; then
            echo "$0: no family '$f' (the families: $(echo "$ranges" |
                awk '{ printf "%s ", $1 }'))" >&2
            exit 2
        fi
        echo "$r" >>"$work/todo"
    done
    ;;
esac

# quick_worker J: in the directory of the programs, spore --por-check
# on every JOBS-th of them from the J-th (por_check_run), into eN.pml.pc
quick_worker()
{
    _i=0
    for _f in *.pml; do
        if [ $((_i % jobs)) -eq "$1" ]; then
            por_check_run "$_f" "$_f.pc"
        fi
        _i=$((_i + 1))
    done
}

# run_chunk LO HI: programs LO..HI (every STEP-th) through por-diff.sh;
# their result lines, renamed to the program number, go to $work/res
run_chunk()
{
    rm -rf "$work/m"
    mkdir "$work/m" || exit 2
    "$EXHAUST" --range "$1" "$2" --step "$step" --dir "$work/m" $orders ||
        exit 2
    if [ $spin_check -eq 1 ]; then
        for m in "$work/m"/*.pml; do
            if ! (cd "$work" && "$SPIN" -a "$m" >spin.out 2>&1); then
                echo "$(basename "$m" .pml) SPIN rejects it:" \
                    "$(head -n 1 "$work/spin.out")" >>"$work/spin-rejects"
            fi
        done
        rm -f "$work"/pan.*
    fi
    if [ $full -eq 1 ]; then
        # shellcheck disable=SC2046
        sh "$here/por-diff.sh" -j "$jobs" -o "$outdir" \
            -f $(ls "$work/m"/*.pml) >"$work/chunk" 2>&1
        case $? in
        0|1) ;;
        *) cat "$work/chunk"; exit 2 ;;
        esac
        grep ' base:' "$work/chunk" |
            sed 's|^[^ ]*/e\([0-9]*\)\.pml |\1 |' | sort -n >"$work/lines"
    else
        j=0
        while [ $j -lt "$jobs" ]; do
            (cd "$work/m" && quick_worker $j) &
            j=$((j + 1))
        done
        wait
        (cd "$work/m" && por_check_codes ./*.pc) |
            sed 's|^\./e\([0-9]*\)\.pml |\1 |' | sort -n >"$work/lines"
        grep -E ':[kso]' "$work/lines" | while read -r n rest; do
            mkdir -p "$outdir" &&
                cp "$work/m/e$n.pml" "$outdir/por-e$n.pml"
        done
    fi
    if [ $quiet -eq 1 ]; then
        grep -E ':[aekso?]|base:FAIL' "$work/lines"
    else
        cat "$work/lines"
    fi
    cat "$work/lines" >>"$work/res"
}

: >"$work/res"
t0=$(date +%s)
while read -r lo hi; do
    n=$lo
    while [ "$n" -le "$hi" ]; do
        last=$((n + CHUNK * step - 1))
        [ "$last" -le "$hi" ] || last=$hi
        run_chunk "$n" "$last"
        n=$((last + 1))
        # keep the stride across chunk boundaries
        r=$(((n - lo) % step))
        [ $r -eq 0 ] || n=$((n + step - r))
    done
done <"$work/todo"

if [ -s "$work/spin-rejects" ] 2>/dev/null; then
    echo
    echo "SPIN rejects $(wc -l <"$work/spin-rejects") programs:"
    cat "$work/spin-rejects"
fi
echo "$ranges" >"$work/ranges"
awk -v outdir="$outdir" -v secs=$(($(date +%s) - t0)) '
    FILENAME == ARGV[1] { fam[++nf] = $1; flo[nf] = $2; fhi[nf] = $3; next }
    {
        n++
        for (f = 1; f <= nf; f++)
            if ($1 >= flo[f] && $1 <= fhi[f]) break
        fn[f]++
        if ($2 ~ /^base:FAIL/) { basefail++; ffail[f]++; next }
        if ($2 ~ /^base:BIG/) { big++; next }
        b = 0
        for (i = 3; i <= NF; i++) {
            split($i, p, ":")
            m = p[1]; c = p[2]
            if (!(m in seen)) { seen[m] = 1; order[++nm] = m }
            runs++
            if (c == "=") ok[m]++
            else if (c == "-") ni[m]++
            else if (c == "?") fail[m]++
            else { bad[m]++; fbad[f, m]++; nbad++; b = 1 }
        }
        if (b) fprog[f]++
    }
    END {
        printf "\nprograms: %d, modes: %d, comparisons (programs x modes):" \
            " %d in %d s", n, nm, runs, secs
        printf "  (--por=none failed on %d", basefail
        if (big)
            printf "; %d skipped, bigger than POR_MAX_STATES", big
        printf ")\n"
        printf "%-14s %8s %8s %8s %8s\n", "mode", "agree", "DIFFER",
            "failed", "skipped"
        for (i = 1; i <= nm; i++) {
            m = order[i]
            printf "%-14s %8d %8d %8d %8d\n", m, ok[m], bad[m], fail[m],
                ni[m]
        }
        printf "%-8s %8s %8s", "family", "programs", "differ"
        for (i = 1; i <= nm; i++)
            printf " %7s", substr(order[i], 1, 7)
        printf "\n"
        for (f = 1; f <= nf; f++) {
            if (!fn[f]) continue
            printf "%-8s %8d %8d", fam[f], fn[f], fprog[f]
            for (i = 1; i <= nm; i++)
                printf " %7d", fbad[f, order[i]]
            printf "\n"
        }
        printf "agreements: %d, disagreements: %d\n", runs - nbad, nbad
        if (nbad)
            printf "disagreeing programs copied to %s\n", outdir
        exit nbad > 0
    }' "$work/ranges" "$work/res"
