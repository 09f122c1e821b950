#!/bin/sh
# tests/ltl/compare-spin.sh -- language equivalence of the LTL translator
# (frontend/ltl/, through tests/ltl/ltl2never) with SPIN's, by their
# verdicts on random models.
#
#   compare-spin.sh [-n FORMULAS] [-m MODELS] [-s SEED] [-d DEPTH]
#
# Draws FORMULAS random formulas (default 20) over p, q, r (operators
# ! [] <> && || -> <-> U V W; X is left out: this SPIN is built without
# it), printed with all parentheses or with as few as SPIN's precedence
# allows, and MODELS random environment models (default 3): one or two
# processes setting the booleans p, q, r along small random control
# graphs, cyclic or acyclic, with nondeterministic choices.  For each
# model one Promela file gets, per formula F, our claim for F as
# `never m_i' and SPIN's as `ltl s_i { !(F) }' (an ltl block's claim is
# for the negation: so both claims look for runs satisfying F).  pan is
# compiled once per model (-DNOREDUCE) and run with -a -N for each claim;
# the two verdicts (errors found or not) must agree for every pair.
#
# With no options (as `make check' runs it) it takes about 30 seconds.
# Environment: LTL2NEVER (default: tests/ltl/ltl2never next to $SPORE,
# or under the current folder, else on PATH), SPIN, CC, KEEP=1 keeps the
# work folder.
# Exit status: 0 all agree, 1 a disagreement (each is printed), 77 no
# spin or C compiler, 99 hard error.

set -u

N=20
M=3
SEED=1
DEPTH=3
while getopts n:m:s:d: opt; do
    case $opt in
    n) N=$OPTARG ;;
    m) M=$OPTARG ;;
    s) SEED=$OPTARG ;;
    d) DEPTH=$OPTARG ;;
    *) echo "usage: $0 [-n N] [-m M] [-s SEED] [-d DEPTH]" >&2; exit 99 ;;
    esac
done

SPIN=${SPIN:-spin}
CC=${CC:-cc}
if [ -z "${LTL2NEVER:-}" ]; then
    if [ -n "${SPORE:-}" ] &&
        [ -x "$(dirname "$SPORE")/tests/ltl/ltl2never" ]; then
        LTL2NEVER=$(dirname "$SPORE")/tests/ltl/ltl2never
    elif [ -x ./tests/ltl/ltl2never ]; then
        LTL2NEVER=$(pwd)/tests/ltl/ltl2never
    else
        LTL2NEVER=ltl2never
    fi
fi
command -v "$SPIN" >/dev/null 2>&1 || { echo "SKIP: no $SPIN"; exit 77; }
command -v "$CC" >/dev/null 2>&1 || { echo "SKIP: no $CC"; exit 77; }
command -v "$LTL2NEVER" >/dev/null 2>&1 ||
    { echo "no ltl2never (set LTL2NEVER)" >&2; exit 99; }

work=$(mktemp -d "${TMPDIR:-/tmp}/ltlcmp.XXXXXX") || exit 99
if [ "${KEEP:-0}" = 1 ]; then
    echo "work folder: $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# ---- random formulas: one a line -----------------------------------------
awk -v n="$N" -v seed="$SEED" -v depth="$DEPTH" '
function atom(   x) {
    x = rand()
    if (x < 0.04) return "true"
    if (x < 0.08) return "false"
    return substr("pqr", int(rand() * 3) + 1, 1)
}
# gen sets K (the top operator level: 0 -> <->, 1 ||, 2 &&, 3 U V W,
# 4 prefix or atom) and returns the text; full: parenthesise all
function gen(d, full,   x, op, l, lk, r, rk, lv) {
    if (d == 0 || rand() < 0.2) { K = 4; return atom() }
    x = rand()
    if (x < 0.3) {
        split("! [] <>", un, " ")
        op = un[1 + int(rand() * 3)]
        l = gen(d - 1, full)
        if (K < 4 || full) l = "(" l ")"
        K = 4
        return op " " l
    }
    x = int(rand() * 7)
    op = x == 0 ? "&&" : x == 1 ? "||" : x == 2 ? "->" : x == 3 ? "<->" \
       : x == 4 ? "U" : x == 5 ? "V" : "W"
    lv = x == 0 ? 2 : x == 1 ? 1 : x <= 3 ? 0 : 3
    l = gen(d - 1, full); lk = K
    r = gen(d - 1, full); rk = K
    if (full || lk < lv) l = "(" l ")"
    if (full || rk <= lv) r = "(" r ")"
    K = lv
    return l " " op " " r
}
BEGIN {
    srand(seed)
    for (i = 0; i < n; i++)
        print gen(depth, rand() < 0.5)
}' >"$work/formulas" || exit 99

# ---- random environment models -------------------------------------------
# model SEED: one or two processes, 2-4 locations, 1-2 options each
gen_model()
{
    awk -v seed="$1" '
    function assign(   v, x) {
        v = substr("pqr", int(rand() * 3) + 1, 1)
        x = int(rand() * 3)
        return v " = " (x == 2 ? "!" v : x)
    }
    BEGIN {
        srand(seed)
        printf "bool p = %d, q = %d, r = %d;\n", int(rand() * 2),
            int(rand() * 2), int(rand() * 2)
        np = 1 + int(rand() * 2)
        for (pr = 0; pr < np; pr++) {
            cyclic = rand() < 0.7
            nl = 2 + int(rand() * 3)
            printf "active proctype e%d()\n{\n", pr
            for (l = 0; l < nl; l++) {
                printf "L%d:\n    if\n", l
                no = 1 + int(rand() * 2)
                for (o = 0; o < no; o++) {
                    if (cyclic)
                        t = int(rand() * nl)
                    else
                        t = l + 1 + int(rand() * (nl - l))
                    printf "    :: %s; ", assign()
                    if (t >= nl)
                        printf "goto Lend\n"
                    else
                        printf "goto L%d\n", t
                }
                printf "    fi;\n"
            }
            printf "Lend:\n    skip\n}\n"
        }
    }'
}

# SPIN's translation blows up on some nests of W (it rewrites p W q as
# [] p || p U q, copying p): keep the formulas it translates alone within
# SPIN_LIMIT seconds (default 3), with their negations, and say how
# many were left out.
SPIN_LIMIT=${SPIN_LIMIT:-3}
skipped=0
: >"$work/kept"
while IFS= read -r f; do
    printf 'bool p, q, r;\nactive proctype e() { skip }\n' >"$work/one.pml"
    printf 'ltl s { !(%s) }\nltl t { %s }\n' "$f" "$f" >>"$work/one.pml"
    if (cd "$work" && timeout "$SPIN_LIMIT" "$SPIN" -a one.pml \
            >/dev/null 2>&1); then
        echo "$f" >>"$work/kept"
    else
        skipped=$((skipped + 1))
    fi
done <"$work/formulas"
mv "$work/kept" "$work/formulas"
rm -f "$work"/pan.* "$work"/one.pml "$work"/_spin_nvr.tmp
N=$((N - skipped))

i=0
while IFS= read -r f; do
    i=$((i + 1))
    if ! "$LTL2NEVER" "$f" >"$work/claim$i" 2>"$work/err"; then
        echo "ltl2never failed on: $f"
        cat "$work/err"
        exit 1
    fi
    sed -i "1s/^never  *{/never m$i {/" "$work/claim$i"
    if ! "$LTL2NEVER" "!($f)" >"$work/nclaim$i" 2>"$work/err"; then
        echo "ltl2never failed on: !($f)"
        cat "$work/err"
        exit 1
    fi
    sed -i "1s/^never  *{/never n$i {/" "$work/nclaim$i"
done <"$work/formulas"

agree=0
found=0
disagree=0
m=0
while [ $m -lt "$M" ]; do
    m=$((m + 1))
    dir=$work/model$m
    mkdir -p "$dir"
    gen_model $((SEED * 1000 + m)) >"$dir/env.pml"
    {
        cat "$dir/env.pml"
        i=0
        while IFS= read -r f; do
            i=$((i + 1))
            cat "$work/claim$i" "$work/nclaim$i"
            echo "ltl s$i { !($f) }"
            echo "ltl t$i { $f }"
        done <"$work/formulas"
    } >"$dir/m.pml"
    if ! (cd "$dir" && "$SPIN" -a m.pml >spin.out 2>&1 &&
          "$CC" -O0 -w -DNOREDUCE -o pan pan.c >cc.out 2>&1); then
        echo "model $m: spin -a or cc failed (see $dir)"
        KEEP=1
        trap - EXIT
        exit 99
    fi
    i=0
    while IFS= read -r f; do
        i=$((i + 1))
        for pair in m:s n:t; do
            a=$(cd "$dir" && ./pan -a -n -w16 -N "${pair%:*}$i" 2>&1 |
                sed -n 's/.*errors: \([0-9]*\).*/\1/p')
            b=$(cd "$dir" && ./pan -a -n -w16 -N "${pair#*:}$i" 2>&1 |
                sed -n 's/.*errors: \([0-9]*\).*/\1/p')
            neg=
            [ "$pair" = m:s ] || neg="negated "
            if [ -z "$a" ] || [ -z "$b" ]; then
                echo "model $m formula $i: pan gave no verdict" \
                    "(${neg}$f)"
                disagree=$((disagree + 1))
            elif [ "$a" = "$b" ]; then
                agree=$((agree + 1))
                [ "$a" = 0 ] || found=$((found + 1))
            else
                echo "DISAGREE model $m formula $i ${neg}: ours $a," \
                    "spin $b: $f"
                disagree=$((disagree + 1))
            fi
        done
    done <"$work/formulas"
    rm -f "$dir"/pan "$dir"/pan.* "$dir"/*.trail
done

echo "compare-spin: $N formulas and their negations x $M models" \
    "(seed $SEED):" \
    "$agree agree ($found with a run satisfying the formula)," \
    "$disagree disagree" \
    "($skipped formulas too slow for spin, left out)"
[ $disagree -eq 0 ]
