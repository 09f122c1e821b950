#!/bin/sh
# tests/update-expected.sh -- rewrite the .expected file of one model test.
#
# Usage: tests/update-expected.sh [--spin] NAME...
#
# NAME is a test path with or without .pml (tests/models/foo,
# tests/errors/bar.pml, models/peterson) or a bare name searched for in
# tests/models, tests/errors, tests/bytecode and models.
#
#   tests/models/*, models/*   the stable summary (verdict, kind, stored,
#                              matched, transitions, and the outcome lines
#                              of --outcomes / --expect models).  By default taken from
#                              spore (`$SPORE --json --por=none`); with --spin
#                              taken from SPIN's pan (spin -a -o3; cc -DNOREDUCE
#                              -DSAFETY; pan -m1000000 -c0), which is the
#                              reference the counts must agree with.
#   tests/errors/*             spore's stderr from --check (paths relative
#                              to the source tree)
#   tests/bytecode/*           spore's --dump-bytecode output
#
# Environment: SPORE (default: ./spore, then the newest /tmp/b-*/spore),
# SRCDIR (default: the directory above this script), SPIN (default: spin),
# CC (default: cc).  Review the resulting diff like code (conventions R12).

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
SPIN=${SPIN:-spin}
CC=${CC:-cc}

use_spin=0
if [ "${1:-}" = "--spin" ]; then
    use_spin=1
    shift
fi
if [ $# -eq 0 ]; then
    echo "usage: $0 [--spin] NAME..." >&2
    exit 2
fi

find_spore()
{
    if [ -n "${SPORE:-}" ]; then
        return 0
    fi
    if [ -x ./spore ]; then
        SPORE=$(pwd)/spore
        return 0
    fi
    # shellcheck disable=SC2012
    SPORE=$(ls -t /tmp/b-*/spore 2>/dev/null | head -n 1)
    if [ -z "$SPORE" ]; then
        echo "$0: no spore binary; set SPORE" >&2
        exit 2
    fi
}

# first_line_options FILE: the text of a leading /* spore-options: ... */
first_line_options()
{
    sed -n '1s|^/\* *spore-options: *\(.*[^ ]\) *\*/.*$|\1|p' "$1"
}

# resolve NAME -> absolute path of the .pml, or empty
resolve()
{
    n=${1%.pml}
    for cand in "$n.pml" "$SRCDIR/$n.pml" "$SRCDIR/tests/models/$n.pml" \
                "$SRCDIR/tests/errors/$n.pml" "$SRCDIR/tests/bytecode/$n.pml" \
                "$SRCDIR/models/$n.pml"; do
        if [ -f "$cand" ]; then
            (cd "$(dirname "$cand")" && echo "$(pwd)/$(basename "$cand")")
            return 0
        fi
    done
    return 1
}

# spin_summary MODEL OPTS: print the expected-file text computed by SPIN
spin_summary()
{
    model=$1
    opts=$2
    panopts="-m1000000 -c0"
    stop_early=0
    set -- $opts
    while [ $# -gt 0 ]; do
        case $1 in
        -E|-A) panopts="$panopts $1" ;;
        -c) panopts="$panopts -c$2"; [ "$2" = 0 ] || stop_early=1; shift ;;
        -c*) panopts="$panopts $1"; [ "$1" = -c0 ] || stop_early=1 ;;
        -m) panopts="$panopts -m$2"; shift ;;
        -m*) panopts="$panopts $1" ;;
        *) ;;                           # spore-only options (--por=...)
        esac
        shift
    done
    case " $opts " in
    *" -c"*) ;;
    *) stop_early=1 ;;                  # spore's default is -c1
    esac
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/upd.XXXXXX") || exit 99
    cp "$model" "$tmp/" || exit 99
    # models may #include files that sit next to them (headers, or
    # another model: models/ds/*-bug.pml include the correct version)
    for h in "$(dirname "$model")"/*.h "$(dirname "$model")"/*.pml; do
        [ -f "$h" ] && cp "$h" "$tmp/"
    done
    base=$(basename "$model")
    (
        cd "$tmp" || exit 99
        "$SPIN" -a -o3 "$base" >spin.out 2>&1 || { cat spin.out >&2; exit 3; }
        "$CC" -O2 -DNOREDUCE -DSAFETY -o pan pan.c >cc.out 2>&1 \
            || { cat cc.out >&2; exit 99; }
        # pan's first -c option wins, so -c0 must come after a model's own
        ./pan $panopts -n >pan.out 2>&1
        awk -v stop_early="$stop_early" '
            /^pan:[0-9]+: .*assertion violated/ { kind["assertion"] = 1 }
            /^pan:[0-9]+: .*invalid end state/ { kind["invalid end state"] = 1 }
            /max search depth too small/ { incomplete = 1 }
            /errors: /                  { errors = $NF }
            /states, stored/            { stored = $1 }
            /states, matched/           { matched = $1 }
            /transitions \(= /          { trans = $1 }
            END {
                if (errors > 0) verdict = "violated"
                else if (incomplete) verdict = "incomplete"
                else verdict = "verified"
                print "verdict: " verdict
                if (kind["assertion"]) print "kind: assertion"
                if (kind["invalid end state"]) print "kind: invalid end state"
                # counts only when the whole reachable space was explored
                if (verdict == "verified" || !stop_early) {
                    print "stored: " stored
                    print "matched: " matched
                    print "transitions: " trans
                }
            }' pan.out
    )
    rc=$?
    rm -rf "$tmp"
    return $rc
}

# spore_summary MODEL OPTS: the same text computed by spore
spore_summary()
{
    find_spore
    # from the model's directory, as run-model.sh runs it (options such
    # as --expect=FILE name files next to the model)
    out=$(cd "$(dirname "$1")" &&
        "$SPORE" --json --no-trail --por=none $2 "$(basename "$1")" 2>/dev/null)
    rc=$?
    if [ $rc -ge 2 ] && [ $rc -ne 4 ]; then
        echo "$0: spore exited $rc on $1" >&2
        return 99
    fi
    flat=$(printf '%s' "$out" | tr -d '\n')
    verdict=$(printf '%s' "$flat" |
        sed -n 's/.*"verdict"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
    echo "verdict: $verdict"
    printf '%s' "$flat" | grep -o '"kind"[[:space:]]*:[[:space:]]*"[^"]*"' |
        sed 's/.*"\([^"]*\)"$/kind: \1/' | sort -u
    stats=$(printf '%s' "$flat" | sed -n 's/.*"stats"[[:space:]]*:[[:space:]]*{\([^}]*\)}.*/\1/p')
    for pair in states_stored:stored states_matched:matched transitions:transitions; do
        key=${pair%%:*}
        name=${pair#*:}
        val=$(printf '%s' "$stats" |
            sed -n "s/.*\"$key\"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p")
        [ -n "$val" ] && echo "$name: $val"
    done
    # --outcomes / --expect: one line per combination
    printf '%s' "$flat" |
        grep -o '"outcome":"[^"]*","values":{[^}]*},"count":[0-9]*' |
        sed 's/^"outcome":"\([^"]*\)",.*"count":\([0-9]*\)$/outcome: \1 -> \2/'
    return 0
}

status=0
for name in "$@"; do
    model=$(resolve "$name") || { echo "$0: no test named $name" >&2; status=1; continue; }
    expected=${model%.pml}.expected
    rel=${model#"$SRCDIR"/}
    opts=$(first_line_options "$model")
    case $rel in
    tests/errors/*)
        find_spore
        (cd "$SRCDIR" && "$SPORE" --check $opts "$rel" 2>&1 >/dev/null) |
            sed "s|$SRCDIR/||g" >"$expected.tmp"
        ;;
    tests/bytecode/*)
        find_spore
        (cd "$SRCDIR" && "$SPORE" --dump-bytecode $opts "$rel") >"$expected.tmp"
        ;;
    *)
        if [ $use_spin -eq 1 ]; then
            spin_summary "$model" "$opts" >"$expected.tmp" || { rm -f "$expected.tmp"; status=1; continue; }
        else
            spore_summary "$model" "$opts" >"$expected.tmp" || { rm -f "$expected.tmp"; status=1; continue; }
        fi
        ;;
    esac
    if [ -f "$expected" ] && cmp -s "$expected" "$expected.tmp"; then
        rm -f "$expected.tmp"
        echo "unchanged: ${rel%.pml}.expected"
    else
        mv "$expected.tmp" "$expected"
        echo "wrote: ${expected#"$SRCDIR"/}"
    fi
done
exit $status
