#!/bin/sh
# tests/outcomes.sh -- `make check' test of --outcomes, --outcomes-trail
# and --expect beyond what the .expected files of tests/models/outcome_*
# compare: the exact text section, the trail of an outcome not admitted
# and its replay, witnesses, JSON, identity under every --por mode, and
# the usage errors.
#
# Exit status (automake): 0 pass, 1 fail, 99 hard error.
# Environment: SPORE (the binary), SRCDIR (the source tree).

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ]; then
    echo "$0: SPORE is not set or not executable ('${SPORE:-}')" >&2
    exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/spore-outcomes.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cp "$SRCDIR/tests/models/outcome_race.pml" \
    "$SRCDIR/tests/models/outcome_race_bad.outcomes" \
    "$SRCDIR/tests/models/outcome_arrays.pml" "$tmp/" || exit 99
cd "$tmp" || exit 99

fails=0
fail()
{
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# expect_rc WANT CMD...: run CMD (stdout+stderr to out), check its status
expect_rc()
{
    want=$1
    shift
    "$@" >out 2>&1
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$* exited $got, expected $want"
        sed 's/^/  | /' out
        return 1
    fi
    return 0
}

# 1. the text section after the verdict
expect_rc 0 "$SPORE" --no-trail --outcomes=x outcome_race.pml
sed -n '/^VERIFIED/,$p' out >got
cat >want <<'EOF'
VERIFIED

outcomes (x): 2 distinct at 2 valid end states
  x=1      1 end state
  x=2      1 end state
EOF
cmp -s want got || { fail "text section"; diff want got | sed 's/^/  /'; }

# 2. --expect: violation, exit 1, a trail that replay accepts
expect_rc 1 "$SPORE" --outcomes=x --expect=outcome_race_bad.outcomes \
    outcome_race.pml
grep -q '^spore:1: outcome not admitted (x=1) (at depth' out ||
    fail "error line of an outcome not admitted"
grep -q '^VIOLATED: outcome not admitted (x=1)$' out ||
    fail "verdict line of an outcome not admitted"
grep -q '^  (partial: ' out ||
    fail "a search stopped at its first error must say it is partial"
grep -q '^error outcome not admitted$' outcome_race.pml.spore.trail &&
    grep -q '^outcome x=1$' outcome_race.pml.spore.trail ||
    fail "trail file lines 'error' and 'outcome'"
expect_rc 1 "$SPORE" replay outcome_race.pml &&
    { grep -q '^spore: outcome not admitted (x=1) (after [0-9]* steps)$' out ||
      fail "replay of the outcome trail"; }
grep -q '^ *x = 1$' out || fail "replay's final state shows x = 1"

# 3. -c0: every outcome not admitted once, complete set
expect_rc 1 "$SPORE" --no-trail -c0 --expect=outcome_race_bad.outcomes \
    --outcomes=x outcome_race.pml
[ "$(grep -c '^spore:[0-9]*: outcome not admitted' out)" -eq 1 ] ||
    fail "-c0 reports each combination not admitted once"
grep -q '^  x=1 .*NOT ADMITTED$' out || fail "NOT ADMITTED mark"
grep -q '^admitted but not reached: 0$' out || fail "admitted, not reached"
grep -q 'partial' out && fail "-c0 search is complete, not partial"

# 4. witnesses
expect_rc 0 "$SPORE" --no-trail --outcomes=x --outcomes-trail \
    outcome_race.pml
[ "$(grep -c '^    witness (' out)" -eq 2 ] || fail "one witness each"
grep -q '^ *1: proc [01] (P:[12]) outcome_race.pml:[0-9]*  t = x$' out ||
    fail "witness steps printed as replay prints them"

# 5. JSON
expect_rc 0 "$SPORE" --no-trail --json --outcomes=x --outcomes-trail \
    outcome_race.pml
tr -d '\n' <out | grep -q '"outcomes":{"variables":\["x"\],"complete":true,"end_states":2,"distinct":2,"expect":null' ||
    fail "JSON outcomes header"
tr -d '\n' <out | grep -q '{"outcome":"x=1","values":{"x":1},"count":1,"admitted":null,"trail":\[{"pid":' ||
    fail "JSON combination with trail"

# 6. identical under every reduction (and stateless with a deep bound)
for f in outcome_race.pml outcome_arrays.pml; do
    case $f in
    outcome_race.pml) v=x ;;
    *) v=a,b,n ;;
    esac
    "$SPORE" --no-trail --json --por=none --outcomes=$v $f >base 2>&1
    tr -d '\n' <base | grep -o '"combinations":.*' >base.c
    for m in spor de dl de-jpf dl-jpf odpor stateless; do
        if [ $m = stateless ]; then
            "$SPORE" --no-trail --json --stateless -m 100 --outcomes=$v $f \
                >red 2>&1
        else
            "$SPORE" --no-trail --json --por=$m --outcomes=$v $f >red 2>&1
        fi
        tr -d '\n' <red | grep -o '"combinations":.*' >red.c
        cmp -s base.c red.c || fail "$f: outcomes under $m differ from none"
    done
done

# 7. usage errors (exit 2) and model-input errors (exit 3)
expect_rc 2 "$SPORE" --outcomes-trail outcome_race.pml
expect_rc 2 "$SPORE" --outcomes= outcome_race.pml
expect_rc 2 "$SPORE" replay --outcomes=x outcome_race.pml
expect_rc 2 "$SPORE" --expect=no-such-file outcome_race.pml
mkdir a-directory
expect_rc 2 "$SPORE" --outcomes=x --expect=a-directory outcome_race.pml
grep -q "cannot read a-directory" out || fail "--expect=DIRECTORY"
expect_rc 3 "$SPORE" --outcomes=nosuch outcome_race.pml
grep -q "^--outcomes:1:1: error: no global variable 'nosuch'" out ||
    fail "diagnostic for an unknown variable"
printf 'x=2\n' >noheader.outcomes
expect_rc 3 "$SPORE" --expect=noheader.outcomes outcome_race.pml
grep -q "^noheader.outcomes:1:1: error: no outcome variables" out ||
    fail "diagnostic for an expect file without variables"

if [ $fails -gt 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "PASS: tests/outcomes.sh"
exit 0
