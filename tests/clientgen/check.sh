#!/bin/sh
# tests/clientgen/check.sh -- make check for spore-clientgen.
#
# 1. The sequential specifications: small clients (2 threads of up to 3
#    calls, domain 2) of a set, a map, a queue and a stack, whose
#    admitted outcomes were checked by hand, must give exactly the files
#    spec-NAME.outcomes.
# 2. For every data structure, two clients (3 threads of up to 3 calls,
#    domain 2; seeds picked so that the bug is reachable and the state
#    spaces small):
#      the correct client verifies with `spore --expect' (exit 0), and
#      the client with every buggy invocation on (--bug=all) is found
#      violated (exit 1, "outcome not admitted");
#    and the same with the outcome check compiled into the model
#    (--assert, no --expect): exit 0, and exit 1 "assertion violated".
#    Until spore has --expect, part 2 runs the --assert half only.
#
# Environment (set by make check): SPORE (the spore program; the
# generator is spore-clientgen next to it), SRCDIR.
# Exit status (automake): 0 pass, 1 fail, 99 hard error.

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(cd "$here/../.." && pwd)}
SPORE=${SPORE:-$(command -v spore)}
CLIENTGEN=${CLIENTGEN:-$(dirname "$SPORE")/spore-clientgen}
[ -x "$SPORE" ] && [ -x "$CLIENTGEN" ] || {
    echo "clientgen/check: no spore or spore-clientgen" >&2
    exit 99
}
SPORE_CLIENTGEN_DS=$SRCDIR/tools/clientgen/ds
export SPORE_CLIENTGEN_DS

work=$(mktemp -d "${TMPDIR:-/tmp}/spore-clientgen.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
status=0

fail() {
    echo "FAIL: $*"
    status=1
}

# 1. specifications
for spec in list-rw:1 hashmap-coarse:2 queue-ms:1 stack-treiber:4; do
    ds=${spec%:*}
    seed=${spec#*:}
    "$CLIENTGEN" --ds="$ds" -T 2 -K 3 -D 2 --seed="$seed" -o "$work/s" ||
        { fail "$ds: generator failed"; continue; }
    if cmp -s "$work/s.outcomes" "$here/spec-$ds.outcomes"; then
        echo "ok: spec $ds seed $seed"
    else
        fail "spec $ds seed $seed differs from spec-$ds.outcomes:"
        diff "$here/spec-$ds.outcomes" "$work/s.outcomes" | sed 's/^/  /'
    fi
done

# run_spore NAME WANT-EXIT WANT-TEXT ARGS...: one spore run
run_spore() {
    name=$1 want=$2 text=$3
    shift 3
    "$SPORE" --quiet --no-trail "$@" >"$work/out" 2>&1
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$name: exit $rc, wanted $want"
        sed 's/^/  /' "$work/out" | head -n 20
    elif [ -n "$text" ] && ! grep -q "$text" "$work/out"; then
        fail "$name: no \"$text\" in the report"
        sed 's/^/  /' "$work/out" | head -n 20
    else
        echo "ok: $name"
    fi
}

has_expect=false
"$SPORE" --help 2>&1 | grep -q -- '--expect' && has_expect=true
$has_expect || echo "note: spore has no --expect yet: --assert checks only"

# 2. one correct and one all-buggy client per (data structure, seed)
for c in list-rw:3 list-rw:11 list-opt:3 list-opt:1 bst-cas:7 bst-cas:6 \
         queue-ms:11 queue-ms:12 stack-treiber:5 stack-treiber:8 \
         hashmap-striped:1 hashmap-striped:9 hashmap-coarse:1 \
         hashmap-coarse:4 wrapper-map:3 wrapper-map:9; do
    ds=${c%:*}
    seed=${c#*:}
    gen="-T 3 -K 3 -D 2 --seed=$seed"
    for bug in none all; do
        # shellcheck disable=SC2086
        "$CLIENTGEN" --ds="$ds" $gen --bug=$bug -o "$work/c" &&
            "$CLIENTGEN" --ds="$ds" $gen --bug=$bug --assert -o "$work/a" ||
            { fail "$ds seed $seed: generator failed"; continue; }
        if [ $bug = none ]; then
            $has_expect && run_spore "$ds seed $seed correct, --expect" \
                0 "" --expect="$work/c.outcomes" "$work/c.pml"
            run_spore "$ds seed $seed correct, --assert" 0 "" "$work/a.pml"
        else
            $has_expect && run_spore "$ds seed $seed buggy, --expect" \
                1 "outcome not admitted" --expect="$work/c.outcomes" \
                "$work/c.pml"
            run_spore "$ds seed $seed buggy, --assert" 1 \
                "assertion violated" "$work/a.pml"
        fi
    done
done
exit $status
