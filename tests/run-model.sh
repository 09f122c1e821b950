#!/bin/sh
# tests/run-model.sh -- the one automake test driver for .pml tests
# (conventions R12).  Makefile.am: TEST_EXTENSIONS = .pml,
# PML_LOG_COMPILER = $(SHELL) $(srcdir)/tests/run-model.sh, and the
# environment SPORE (the spore binary) and SRCDIR (the source tree).
#
# Usage: run-model.sh path/to/NAME.pml
#
# The mode comes from the directory the model sits in:
#
#   tests/models/NAME.pml, models/NAME.pml
#       Runs `$SPORE --json --por=none OPTS NAME.pml` and compares the
#       summary with NAME.expected, a key: value file; only the keys
#       present are checked:
#           verdict: verified | violated | incomplete
#           kind: assertion                (one line per violation kind
#           kind: invalid end state         that must be reported)
#           stored: N      matched: N      transitions: N      depth: N
#           outcome: x=1 y=0 -> N          (with --outcomes in OPTS: one
#           outcome: x=2 y=0 -> N           line per combination, sorted
#                                           as spore lists them; N is the
#                                           number of valid end states)
#       The exit status must agree with the verdict (0 / 1 / 4).  Then,
#       unless OPTS contain --por=..., it reruns with spore's default
#       reduction and checks that verdict and kinds are unchanged (the
#       POR cross-check: reduction may change counts, never the verdict),
#       and that the outcome lines are identical (a reduction keeps every
#       valid end state, so outcome sets and their counts are the same).
#   tests/sound/NAME.pml
#       Soundness regressions of the reductions (issue 9): as
#       tests/models (the .expected is checked under --por=none, counts
#       included), then under every reduction (spor de dl de-jpf dl-jpf
#       odpor): verdict, violation kinds and outcome lines must be the
#       expected ones; then `--por-check` must find no disagreement.
#       OPTS normally hold -c0 and --outcomes=..., so that every error
#       kind and every valid end state is compared.
#   tests/errors/NAME.pml
#       Runs `$SPORE --check tests/errors/NAME.pml` from $SRCDIR, expects
#       exit status 3 and diffs stderr with NAME.expected (paths are made
#       relative to $SRCDIR, so the output is the same in any build tree).
#   tests/bytecode/NAME.pml
#       Runs `$SPORE --dump-bytecode OPTS tests/bytecode/NAME.pml` from
#       $SRCDIR and diffs stdout with NAME.expected.
#
# OPTS are taken from a first line of the form
#     /* spore-options: -c0 -E */
#
# Exit status (automake): 0 pass, 1 fail, 77 skip, 99 hard error.
# JSON is read with sed/grep only, so the tests need no jq or python.

set -u

PASS=0
FAIL=1
HARD=99

if [ $# -lt 1 ]; then
    echo "usage: $0 MODEL.pml" >&2
    exit $HARD
fi
model=$1

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
SRCDIR=$(cd "$SRCDIR" && pwd) || exit $HARD

if [ ! -f "$model" ]; then
    echo "$0: no such model: $model" >&2
    exit $HARD
fi
model_abs=$(cd "$(dirname "$model")" && pwd)/$(basename "$model")
expected=${model_abs%.pml}.expected
rel=${model_abs#"$SRCDIR"/}

if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ]; then
    echo "$0: SPORE is not set or not executable ('${SPORE:-}')" >&2
    exit $HARD
fi
if [ ! -f "$expected" ]; then
    echo "$0: missing $expected (write it with tests/update-expected.sh)" >&2
    exit $HARD
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/spore-test.XXXXXX") || exit $HARD
trap 'rm -rf "$tmpdir"' EXIT
trap 'exit $HARD' HUP INT TERM

opts=$(sed -n '1s|^/\* *spore-options: *\(.*[^ ]\) *\*/.*$|\1|p' "$model_abs")

# ---- JSON helpers (flat enough for sed: one object, no nested quotes) ----

# json_string FILE KEY: the first "KEY": "value" in FILE
json_string()
{
    tr -d '\n' <"$1" |
        sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" |
        head -n 1
}

# json_stat FILE KEY: the number "KEY": N inside the "stats" object
json_stat()
{
    tr -d '\n' <"$1" |
        sed -n 's/.*"stats"[[:space:]]*:[[:space:]]*{\([^}]*\)}.*/\1/p' |
        sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\(-\{0,1\}[0-9][0-9]*\).*/\1/p" |
        head -n 1
}

# json_kinds FILE: every violation kind, one per line, sorted, unique
json_kinds()
{
    tr -d '\n' <"$1" | grep -o '"kind"[[:space:]]*:[[:space:]]*"[^"]*"' |
        sed 's/.*"\([^"]*\)"$/\1/' | sort -u
}

# json_outcomes FILE: "x=1 y=0 -> N" per combination of the "outcomes"
# object (--outcomes), in spore's order
json_outcomes()
{
    tr -d '\n' <"$1" |
        grep -o '"outcome":"[^"]*","values":{[^}]*},"count":[0-9]*' |
        sed 's/^"outcome":"\([^"]*\)",.*"count":\([0-9]*\)$/\1 -> \2/'
}

# expected_value KEY: the value of KEY in the .expected file
expected_value()
{
    sed -n "s/^$1:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p" "$expected" |
        head -n 1
}

# ---- modes ---------------------------------------------------------------

# run_summary OUT_JSON EXTRA_OPTS...: runs spore, leaves JSON in OUT_JSON,
# stderr in OUT_JSON.err; returns spore's exit status
run_summary()
{
    out=$1
    shift
    # shellcheck disable=SC2086
    (cd "$(dirname "$model_abs")" &&
        "$SPORE" --json --no-trail "$@" $opts "$(basename "$model_abs")") \
        >"$out" 2>"$out.err"
}

exit_for_verdict()
{
    case $1 in
    verified) echo 0 ;;
    violated) echo 1 ;;
    incomplete) echo 4 ;;
    *) echo "?" ;;
    esac
}

# check_summary JSON RC WHAT FULL: compare with .expected; FULL=1 checks
# the counts too.  Prints one line per mismatch; returns 0 when all agree.
check_summary()
{
    json=$1
    rc=$2
    what=$3
    full=$4
    bad=0

    if [ "$rc" -ge 2 ] && [ "$rc" -ne 4 ]; then
        echo "FAIL ($what): spore exited with status $rc"
        sed 's/^/  stderr: /' "$json.err"
        return 1
    fi
    verdict=$(json_string "$json" verdict)
    if [ -z "$verdict" ]; then
        echo "FAIL ($what): no \"verdict\" in spore's JSON output:"
        sed 's/^/  | /' "$json"
        return 1
    fi
    want=$(exit_for_verdict "$verdict")
    if [ "$want" != "$rc" ]; then
        echo "FAIL ($what): verdict '$verdict' but exit status $rc"
        bad=1
    fi

    exp=$(expected_value verdict)
    if [ -n "$exp" ] && [ "$exp" != "$verdict" ]; then
        echo "FAIL ($what): verdict: expected '$exp', got '$verdict'"
        bad=1
    fi

    got_kinds=$(json_kinds "$json")
    sed -n 's/^kind:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$expected" |
        sort -u >"$tmpdir/want_kinds"
    printf '%s\n' "$got_kinds" | sed '/^$/d' >"$tmpdir/got_kinds"
    if [ -s "$tmpdir/want_kinds" ] &&
        ! cmp -s "$tmpdir/want_kinds" "$tmpdir/got_kinds"; then
        echo "FAIL ($what): violation kinds differ (expected, got):"
        diff "$tmpdir/want_kinds" "$tmpdir/got_kinds" | sed 's/^/  /'
        bad=1
    fi

    sed -n 's/^outcome:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p' \
        "$expected" >"$tmpdir/want_outcomes"
    json_outcomes "$json" >"$tmpdir/got_outcomes"
    if [ -s "$tmpdir/want_outcomes" ] &&
        ! cmp -s "$tmpdir/want_outcomes" "$tmpdir/got_outcomes"; then
        echo "FAIL ($what): outcomes differ (expected, got):"
        diff "$tmpdir/want_outcomes" "$tmpdir/got_outcomes" | sed 's/^/  /'
        bad=1
    fi

    if [ "$full" = 1 ]; then
        for pair in stored:states_stored matched:states_matched \
                    transitions:transitions depth:depth; do
            key=${pair%%:*}
            jkey=${pair#*:}
            exp=$(expected_value "$key")
            [ -n "$exp" ] || continue
            got=$(json_stat "$json" "$jkey")
            if [ "$exp" != "$got" ]; then
                echo "FAIL ($what): $key: expected $exp, got ${got:-nothing}"
                bad=1
            fi
        done
    fi
    return $bad
}

mode_model()
{
    status=$PASS

    run_summary "$tmpdir/full.json" --por=none
    rc=$?
    echo "== $SPORE --json --por=none $opts $rel (exit $rc)"
    cat "$tmpdir/full.json"
    check_summary "$tmpdir/full.json" $rc "--por=none" 1 || status=$FAIL

    case " $opts " in
    *" --por"*) ;;                      # the model chose its reduction
    *)
        run_summary "$tmpdir/por.json"
        rc=$?
        echo "== $SPORE --json $opts $rel (exit $rc)"
        cat "$tmpdir/por.json"
        check_summary "$tmpdir/por.json" $rc "default reduction" 0 ||
            status=$FAIL
        ;;
    esac
    [ $status -eq $PASS ] && echo "PASS: $rel"
    return $status
}

mode_sound()
{
    mode_model >"$tmpdir/model.log"
    status=$?
    cat "$tmpdir/model.log"
    for m in spor de dl de-jpf dl-jpf odpor; do
        run_summary "$tmpdir/$m.json" --por=$m
        rc=$?
        echo "== $SPORE --json --por=$m $opts $rel (exit $rc)"
        check_summary "$tmpdir/$m.json" $rc "--por=$m" 0 || status=$FAIL
    done
    # shellcheck disable=SC2086
    (cd "$(dirname "$model_abs")" &&
        "$SPORE" --por-check --no-trail $opts "$(basename "$model_abs")") \
        >"$tmpdir/check.out" 2>&1
    rc=$?
    if [ $rc -ge 2 ]; then
        echo "FAIL (--por-check): exit status $rc"
        sed 's/^/  | /' "$tmpdir/check.out"
        status=$FAIL
    fi
    [ $status -eq $PASS ] && echo "PASS (every reduction): $rel"
    return $status
}

mode_errors()
{
    # shellcheck disable=SC2086
    (cd "$SRCDIR" && "$SPORE" --check $opts "$rel") \
        >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    sed "s|$SRCDIR/||g" "$tmpdir/err" >"$tmpdir/err.rel"
    status=$PASS
    if [ $rc -ne 3 ]; then
        echo "FAIL: $SPORE --check $rel: exit status $rc, expected 3"
        status=$FAIL
    fi
    if ! diff -u "$expected" "$tmpdir/err.rel"; then
        echo "FAIL: diagnostics differ from ${expected#"$SRCDIR"/}"
        status=$FAIL
    fi
    [ $status -eq $PASS ] && echo "PASS: $rel"
    return $status
}

mode_bytecode()
{
    # shellcheck disable=SC2086
    (cd "$SRCDIR" && "$SPORE" --dump-bytecode $opts "$rel") \
        >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    status=$PASS
    if [ $rc -ne 0 ]; then
        echo "FAIL: $SPORE --dump-bytecode $rel: exit status $rc"
        sed 's/^/  stderr: /' "$tmpdir/err"
        status=$FAIL
    fi
    if ! diff -u "$expected" "$tmpdir/out"; then
        echo "FAIL: bytecode differs from ${expected#"$SRCDIR"/}"
        status=$FAIL
    fi
    [ $status -eq $PASS ] && echo "PASS: $rel"
    return $status
}

case $rel in
*tests/errors/*) mode_errors ;;
*tests/bytecode/*) mode_bytecode ;;
*tests/sound/*) mode_sound ;;
*tests/models/*|*models/*) mode_model ;;
*)
    echo "$0: cannot tell the test mode of $rel" >&2
    exit $HARD
    ;;
esac
exit $?
