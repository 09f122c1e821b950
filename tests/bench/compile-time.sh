#!/bin/sh
# tests/bench/compile-time.sh -- compile time against model size.
#
# Generates Promela models of growing size and times `spore --check`
# (parse, names and types, lowering, static facts; no search) on each.
# Prints one table row per model: the shape, the number of statements,
# the seconds, and the ratio of the time to the previous row's of the
# same shape (the sizes double, so near-linear compilation shows ratios
# near 2; a quadratic pass shows 4).  A benchmark, not a test: it never
# fails on a time.
#
# Shapes:
#   seq     one proctype: assignments, if, do, goto and labels, atomic,
#           d_step, printf and locals, repeated (the automaton, the jump
#           folding and the dead-variable analysis of one big proctype)
#   procs   the same blocks spread over proctypes of 1000 statements
#   globals as many global bytes as statements, each read and written
#           once (name lookup, the state layout, the static facts; the
#           facts are a dense bit set per transition over the global
#           bytes (engine/model/bc.h), so this shape grows as
#           statements x globals, in memory too)
#
# Usage: tests/bench/compile-time.sh [-s SHAPES] [-n START] [-m MAX]
#   SHAPES: comma-separated (default seq,procs,globals); sizes go from
#   START (default 2000) doubling up to MAX statements (default 64000).
#   SPORE (environment): the spore program (default ./spore).
# Example: SPORE=/tmp/b/spore tests/bench/compile-time.sh -m 128000

set -u

SPORE=${SPORE:-./spore}
shapes=seq,procs,globals
start=2000
max=64000
while getopts s:n:m: opt; do
    case $opt in
        s) shapes=$OPTARG ;;
        n) start=$OPTARG ;;
        m) max=$OPTARG ;;
        *) sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    esac
done
if [ ! -x "$SPORE" ]; then
    echo "$0: SPORE is not executable ('$SPORE')" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compile-time.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# gen SHAPE N FILE: a model of about N statements (each block below is
# 10 statements).
gen()
{
    awk -v shape="$1" -v n="$2" '
    function block(i, p) {
        printf "L%d_%d: x = x + %d;\n", p, i, i % 7
        printf "    if\n    :: x > 3 -> y = y + 1\n"
        printf "    :: else -> skip\n    fi;\n"
        printf "    atomic { y = x; x = 0 };\n"
        printf "    d_step { t = y; y = t + 1 };\n"
        printf "    do\n    :: t > 100 -> goto L%d_%d\n", p, int(i / 2)
        printf "    :: else -> break\n    od;\n"
        printf "    printf(\"%%d\\n\", x);\n"
    }
    BEGIN {
        nb = int(n / 10)
        if (shape == "globals") {
            for (i = 0; i < n; i++)
                printf "byte g%d;\n", i
            print "active proctype p()\n{"
            for (i = 1; i < n; i++)
                printf "    g%d = g%d + 1;\n", i, i - 1
            print "    skip\n}"
            exit
        }
        print "byte x, y;"
        per = shape == "procs" ? 100 : nb
        for (p = 0; p * per < nb; p++) {
            printf "active proctype p%d()\n{\n    byte t;\n", p
            for (i = 0; i < per && p * per + i < nb; i++)
                block(i, p)
            print "    skip\n}"
        }
    }' > "$3"
}

now()
{
    date +%s.%N
}

printf '%-8s %10s %9s %6s\n' shape statements seconds ratio
for shape in $(echo "$shapes" | tr ',' ' '); do
    n=$start
    prev=
    while [ "$n" -le "$max" ]; do
        m=$tmp/$shape-$n.pml
        gen "$shape" "$n" "$m"
        t0=$(now)
        "$SPORE" --check "$m" >/dev/null 2>"$tmp/err"
        rc=$?
        t1=$(now)
        secs=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
        ratio=$(echo "$secs ${prev:-0}" |
                awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "-" }')
        note=
        [ $rc -eq 0 ] || note="  (exit $rc: $(head -n 1 "$tmp/err" |
                                 sed 's/^[^ ]*: error: //'))"
        printf '%-8s %10d %9s %6s%s\n' "$shape" "$n" "$secs" "$ratio" "$note"
        prev=$secs
        n=$((n * 2))
    done
done
