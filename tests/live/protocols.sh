#!/bin/sh
# tests/live/protocols.sh -- `make check' test (issue 12 item 8): the
# liveness properties of the protocol models in models/protocols/,
# checked with spore -a (-a -f where fairness is meant) against the
# verdict SPIN's pan gives (recorded below, and rerun when spin and a C
# compiler are there: pan built `spin -a -o3; cc -O0 -DNOREDUCE').
#
# The properties are not in the model files: an ltl block puts the claim
# into every run of the model (pan and spore both run it in lock step
# and stop checking invalid end states), which would change what the
# models' own tests (models/protocols/NAME.expected: assertions, end
# states, pan's counts without a claim) check.  Each property is
# appended to a copy of the model here instead.
#
#   leader-dkr  <>[] (nwinners == 1): a leader is eventually elected and
#               stays the only one.  pan -a: 0 errors.
#   leader-cr   <>[] (nleaders == 1): the same for Chang-Roberts.
#   abp-lossy   <> (delivered == MAX): every item is delivered.  Does NOT
#               hold: the media may lose every copy for ever (an
#               acceptance cycle of resends); weak fairness does not help
#               (the loss is a choice inside one process).  pan -a and
#               -a -f: errors: 1.
#   sliding-window  <> (received == M): the same, for the same reason.
#   peterson-n  [] (level[0] > 0 -> <> (level[0] == 0)): process 0, once
#               trying, gets through the critical section (no
#               starvation).  Needs weak fairness: without -f process 0
#               may never be scheduled (violated), with -f it holds
#               (pan -a -f and spore --por=none -a -f: 91648 stored,
#               309185 visited, state for state).
#
# Exit status (automake): 0 pass, 1 fail, 99 hard error.
# Environment: SPORE (the binary), SRCDIR (the source tree), SPIN, CC.

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$(dirname "$here")")}
SPIN=${SPIN:-spin}
CC=${CC:-cc}
if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ]; then
    echo "$0: SPORE is not set or not executable ('${SPORE:-}')" >&2
    exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/spore-liveprot.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
have_spin=0
if command -v "$SPIN" >/dev/null 2>&1 && command -v "$CC" >/dev/null 2>&1
then
    have_spin=1
fi
fails=0
checked=0

# check MODEL "OPTIONS" VERDICT FORMULA: spore -a OPTIONS on MODEL with
# `ltl p { FORMULA }' appended must give VERDICT (verified / violated),
# and pan the same when spin is there
check()
{
    m=$1 opts=$2 want=$3 f=$4
    { cat "$SRCDIR/models/protocols/$m.pml"; echo "ltl p { $f }"; } \
        >"$tmp/$m.pml"
    # shellcheck disable=SC2086
    (cd "$tmp" && "$SPORE" --json --no-trail $opts "$m.pml") \
        >"$tmp/out.json" 2>"$tmp/err"
    rc=$?
    if [ $rc = 2 ]; then
        echo "SKIP: $m $opts: spore refuses the mode: $(head -n 1 "$tmp/err")"
        return
    fi
    got=$(tr -d '\n' <"$tmp/out.json" |
        sed -n 's/.*"verdict"[[:space:]]*:[[:space:]]*"\([a-z]*\)".*/\1/p')
    checked=$((checked + 1))
    if [ "$got" != "$want" ]; then
        echo "FAIL: $m $opts [$f]: spore $got (exit $rc), expected $want"
        fails=$((fails + 1))
    else
        echo "ok: $m $opts [$f]: $got"
    fi
    [ $have_spin = 1 ] || return
    (
        cd "$tmp" && "$SPIN" -a -o3 "$m.pml" >/dev/null 2>&1 &&
            "$CC" -O0 -DNOREDUCE -o pan pan.c >/dev/null 2>&1
    ) || { echo "FAIL: $m: spin/cc failed"; fails=$((fails + 1)); return; }
    # shellcheck disable=SC2086
    e=$(cd "$tmp" && ./pan -m1000000 $opts 2>&1 |
        sed -n 's/.*errors: \([0-9]*\).*/\1/p')
    case $e in
    0) pv=verified ;;
    '') pv=err ;;
    *) pv=violated ;;
    esac
    if [ "$pv" != "$want" ]; then
        echo "FAIL: $m $opts: pan says $pv, the table $want"
        fails=$((fails + 1))
    fi
}

check leader-dkr "-a" verified "<> [] (nwinners == 1)"
check leader-cr "-a" verified "<> [] (nleaders == 1)"
check abp-lossy "-a" violated "<> (delivered == MAX)"
check abp-lossy "-a -f" violated "<> (delivered == MAX)"
check sliding-window "-a" violated "<> (received == M)"
check peterson-n "-a" violated "[] (level[0] > 0 -> <> (level[0] == 0))"
check peterson-n "-a -f" verified "[] (level[0] > 0 -> <> (level[0] == 0))"

echo "$checked checked, $fails failed"
[ $fails -eq 0 ] || exit 1
exit 0
