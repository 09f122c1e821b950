#!/bin/sh
# tests/live/check.sh -- `make check' test of liveness (issue 12): never
# claims, ltl properties, -a (acceptance cycles) and -l (non-progress
# cycles) on the small models of tests/live/, against SPIN's verdicts and,
# where they are the same, pan's counts.
#
# Each line of the table below is: model, spore's options, the exit
# status, the verdict line spore prints last, and pan's "states, stored"
# and "states, matched" (- when not compared: a violation is found at a
# different point of the search, or the claim is our translation of an
# ltl formula and not SPIN's).  pan's figures came from
#     spin -a [-o3] M.pml && gcc -O1 -DNOREDUCE [-DNP] -o pan pan.c
#     ./pan [-a | -l] [-N NAME]
# with SPIN 6.5.2 (the commands and numbers are in the models' comments
# where they matter).  Also checked: a lasso's trail replays with pan's
# <<<<<START OF CYCLE>>>>> mark and closes its cycle; --print-never; -a
# with -l is refused; S-POR under -a and -l (the por_*.pml models: same
# verdicts, fewer states) and the reductions refused where they are not
# sound (a model's own never claim, X, a claim without -a, the dynamic
# reductions).
#
# Exit status (automake): 0 pass, 1 fail, 99 hard error.
# Environment: SPORE (the binary), SRCDIR (the source tree).

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$(dirname "$here")")}
if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ]; then
    echo "$0: SPORE is not set or not executable ('${SPORE:-}')" >&2
    exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/spore-live.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cp "$SRCDIR"/tests/live/*.pml "$tmp/" || exit 99
cd "$tmp" || exit 99

fails=0
fail()
{
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# check MODEL "OPTIONS" RC "VERDICT" STORED MATCHED
check()
{
    m=$1 opts=$2 rc=$3 verdict=$4 stored=$5 matched=$6
    # shellcheck disable=SC2086
    # pan's counts are -DNOREDUCE's: --por=none unless the line says
    case " $opts" in
    *" --por="*) ;;
    *) opts="--por=none $opts" ;;
    esac
    "$SPORE" -n --no-trail $opts "$m.pml" >out 2>&1
    got=$?
    if [ "$got" -ne "$rc" ]; then
        fail "$m $opts: exit $got, expected $rc"
        sed 's/^/    /' out
        return
    fi
    last=$(grep -E '^(VERIFIED|VIOLATED|INCOMPLETE)' out | tail -1)
    case $last in
    "$verdict"*) ;;
    *) fail "$m $opts: verdict '$last', expected '$verdict'" ;;
    esac
    if [ "$stored" != - ]; then
        s=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' out)
        [ "$s" = "$stored" ] || fail "$m $opts: $s states stored, pan $stored"
    fi
    if [ "$matched" != - ]; then
        s=$(sed -n 's/^ *\([0-9]*\) states, matched.*/\1/p' out)
        [ "$s" = "$matched" ] \
            || fail "$m $opts: $s states matched, pan $matched"
    fi
}

# safety: a never claim that ends is violated without -a
check mutex_ok     ""               0 "VERIFIED"                32 23
check mutex_ok     "-a"             0 "VERIFIED"                32 23
check mutex_bad    ""               1 "VIOLATED: never claim" 18 8
check atomic_claim ""               1 "VIOLATED: never claim" 647 891
check atomic_claim "-a"             1 "VIOLATED: never claim" 647 891
check atomic_hidden ""              0 "VERIFIED"                4 1
check cycle_ltl    "--ltl=bounded"  0 "VERIFIED"                8 1
check cycle_ltl    "--ltl=small"    1 "VIOLATED: never claim" - -
# liveness: acceptance cycles
check cycle_ltl    "-a --ltl=p3"    0 "VERIFIED"                14 10
check starve       "-a"             1 "VIOLATED: acceptance cycle" - -
check eventually   "-a"             0 "VERIFIED"                3 1
check eventually   "-a --ltl=ever2" 0 "VERIFIED"                3 1
check eventually   "-a --ltl=never3" 1 "VIOLATED: acceptance cycle" 4 -
check accept_label "-a"             1 "VIOLATED: acceptance cycle" 10 1
check accept_label ""               0 "VERIFIED"                - -
check choose       "-a"             1 "VIOLATED: acceptance cycle" - -
# non-progress cycles
check nonprogress  "-l"             1 "VIOLATED: non-progress cycle" 9 -
check progress_ok  "-l"             0 "VERIFIED"                15 12
# _nr_pr counts the claims as pan does: the never claim, -l's claim
check nrpr_claim   ""               1 "VIOLATED: assertion violated" 2 0
check nrpr_np      "-l"             1 "VIOLATED: non-progress cycle" 3 -
# the claims (-l's too) do not see the states inside an atomic sequence
check np_atomic    "-l"             1 "VIOLATED: non-progress cycle" 2 -
check accept_atomic "-a"            0 "VERIFIED"                1 1
check timeout_atomic "-l"           0 "VERIFIED"                11 -
# weak fairness (-f): pan's counter construction, pan's counts
check mutex_ok     "-a -f"          0 "VERIFIED"                32 23
check starve       "-a -f"          0 "VERIFIED"                8 9
check eventually   "-a -f"          0 "VERIFIED"                3 0
check accept_label "-a -f"          1 "VIOLATED: acceptance cycle" 10 1
check fair_blocked "-a"             1 "VIOLATED: acceptance cycle" - -
check fair_blocked "-a -f"          1 "VIOLATED: acceptance cycle" 3 3
check progress_ok  "-l -f"          0 "VERIFIED"                15 12
check fair_np      "-l"             1 "VIOLATED: non-progress cycle" 5 -
check fair_np      "-l -f"          0 "VERIFIED"                8 9
check nonprogress  "-l -f"          1 "VIOLATED: non-progress cycle" 9 1
check fair_rv      "-a"             1 "VIOLATED: acceptance cycle" - -
check fair_rv      "-a -f"          0 "VERIFIED"                12 29
# a deliberate difference: pan -a -f says 0 errors (DIFFERENCES.md)
check fair_stutter "-a"             1 "VIOLATED: acceptance cycle" - -
check fair_stutter "-a -f"          1 "VIOLATED: acceptance cycle" - -

check deep_accept  "-a -m300000"     1 "VIOLATED: acceptance cycle" 60002 -
check deep_accept  "-a -f -m300000"  1 "VIOLATED: acceptance cycle" 60002 1
# --memlimit counts the nested search's stack and arrays too: out of
# memory is INCOMPLETE (exit 4) with statistics, never VERIFIED
for o in "-a" "-a -f" "-l" "-l -f"; do
    for lim in 1 300K 3M; do
        # shellcheck disable=SC2086
        "$SPORE" -n --no-trail --por=none -m300000 --memlimit=$lim $o \
            deep_accept.pml >out 2>&1
        rc=$?
        [ "$rc" -eq 4 ] && grep -q '^INCOMPLETE: out of memory' out \
            && grep -q 'states, stored' out \
            || { fail "deep_accept $o --memlimit=$lim: exit $rc"; \
                 tail -3 out | sed 's/^/    /'; }
    done
done
"$SPORE" -n --no-trail --por=none -m300000 --memlimit=3M -a \
    deep_accept.pml >out 2>&1
s=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' out)
[ "${s:-0}" -gt 1000 ] && [ "$s" -lt 60002 ] \
    || fail "deep_accept -a --memlimit=3M: ${s:-?} states stored"

# a lasso replays, marked as pan marks it, and closes its cycle
"$SPORE" -n -a starve.pml >out 2>&1
"$SPORE" replay starve.pml >replay 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "replay of starve's lasso: exit $rc, expected 1"
grep -q '<<<<<START OF CYCLE>>>>>' replay \
    || fail "replay of starve's lasso: no START OF CYCLE mark"
grep -q '^cycle [0-9]' starve.pml.spore.trail \
    || fail "starve's trail has no cycle line"
grep -q 'acceptance cycle at' replay \
    || { fail "replay of starve's lasso does not close the cycle"; \
         sed 's/^/    /' replay; }

# a non-progress trail replays with -l's claim counted in _nr_pr
"$SPORE" -n -l nrpr_np.pml >out 2>&1
"$SPORE" replay nrpr_np.pml >replay 2>&1
rc=$?
[ "$rc" -eq 1 ] || { fail "replay of nrpr_np's lasso: exit $rc"; \
                     sed 's/^/    /' replay; }
grep -q 'non-progress cycle (after 3 steps)' replay \
    || { fail "replay of nrpr_np does not close the cycle"; \
         sed 's/^/    /' replay; }

# replay finds the claim's moves again: choose.pml's cycle needs the
# claim's second option, not the first one that fits
"$SPORE" -n -a choose.pml >out 2>&1
"$SPORE" replay choose.pml >replay 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "replay of choose's lasso: exit $rc, expected 1"
grep -q 'proc - (:never:) choose.pml:18  (x==1)' replay \
    || { fail "replay of choose's lasso: the claim's move is not shown"; \
         sed 's/^/    /' replay; }

# the trail names its property: replay checks the same one
"$SPORE" -n -a --ltl=never3 eventually.pml >out 2>&1
grep -q '^property never3' eventually.pml.spore.trail \
    || fail "eventually's trail does not name its property"
"$SPORE" replay eventually.pml >replay 2>&1
rc=$?
[ "$rc" -eq 1 ] || { fail "replay of eventually (never3): exit $rc"; \
                     sed 's/^/    /' replay; }

# --print-never prints the translation and exits 0
"$SPORE" --print-never --ltl=p3 cycle_ltl.pml >out 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "--print-never: exit $rc"
grep -q '^never' out && grep -q 'accept' out \
    || fail "--print-never: no claim printed"

# --ltl-formula: a formula from the command line instead of the model's
# ltl blocks (starve.pml's own is `[]<> inB'); with --print-never and no
# model, its claim; a trail of it replays only with the same formula
check starve "-a --ltl-formula=[]<>inB" 1 "VIOLATED: acceptance cycle" - -
check starve "-a -f --ltl-formula=[]<>inB" 0 "VERIFIED"    8 9
check starve "-a --ltl-formula=[](inB->X!inB)" 1 "VIOLATED: never claim" - -
check starve "-a --ltl-formula=nosuch" 3 "" - -
check starve "--ltl=live --ltl-formula=[]inB" 2 "" - -
"$SPORE" --print-never '--ltl-formula=[]<> inB' >out 2>&1
rc=$?
[ "$rc" -eq 0 ] && grep -q '^never  {    /\* !(\[\]<> inB) \*/' out \
    && grep -q '^accept_' out \
    || { fail "--ltl-formula --print-never: exit $rc"; sed 's/^/    /' out; }
"$SPORE" --print-never '--ltl-formula=[]<> (inB' >out 2>&1
rc=$?
[ "$rc" -eq 3 ] && grep -q '^--ltl-formula:1:[0-9]*: error:' out \
    || { fail "--ltl-formula with a syntax error: exit $rc"; \
         sed 's/^/    /' out; }
"$SPORE" -n -a '--ltl-formula=<> inB' starve.pml >out 2>&1
"$SPORE" replay '--ltl-formula=<> inB' starve.pml >replay 2>&1
grep -q '<<<<<START OF CYCLE>>>>>' replay \
    || fail "replay of a --ltl-formula lasso: no START OF CYCLE mark"
"$SPORE" replay starve.pml >replay 2>&1
rc=$?
[ "$rc" -eq 3 ] && grep -q 'same --ltl-formula' replay \
    || fail "replay of a --ltl-formula trail without it: exit $rc"

# reductions are refused with a claim, -a and -l together too
check mutex_ok "--por=spor"       2 "" - -
check progress_ok "-a -l"         2 "" - -
check starve "--ltl=nosuch"       3 "" - -

# S-POR under -a and -l (engine/por/por_live.c): a step visible to the
# property (it leaves an accept label, enters a progress label) is never
# explored alone, and the static cycle proviso keeps a local loop from
# hiding the other processes; each line fails with that rule removed
check por_visible_accept "-a --por=spor" 1 "VIOLATED: acceptance cycle" - -
check por_visible_accept "-a"      1 "VIOLATED: acceptance cycle" - -
check por_visible_np "-l --por=spor" 1 "VIOLATED: non-progress cycle" - -
check por_visible_np "-l"          1 "VIOLATED: non-progress cycle" - -
check por_ignore "-a --ltl=stay --por=spor" 1 "VIOLATED: never claim" - -
check por_ignore "-a --ltl=stay"   1 "VIOLATED: never claim"     - -
check por_ignore "-a --ltl=recur --por=spor" 1 \
    "VIOLATED: acceptance cycle" - -
check por_ignore "-a --ltl=recur"  1 "VIOLATED: acceptance cycle" - -
check por_reduce "-a"              0 "VERIFIED"              3622 6513
check por_reduce "-l"              0 "VERIFIED"              3627 -
check por_reduce_ltl "-a --ltl=fin" 0 "VERIFIED"             3616 16628
check por_reduce_ltl "-a --ltl=zero --por=spor" 1 \
    "VIOLATED: acceptance cycle" - -
check por_reduce_ltl "-a --ltl=zero" 1 "VIOLATED: acceptance cycle" - -
# ... and it reduces there: fewer states than none
for r in "por_reduce -a" "por_reduce -l" "por_reduce_ltl -a --ltl=fin"; do
    # shellcheck disable=SC2086
    set -- $r
    m=$1
    shift
    "$SPORE" -n --no-trail --por=none "$@" "$m.pml" >out 2>&1
    full=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' out)
    "$SPORE" -n --no-trail --por=spor "$@" "$m.pml" >out 2>&1
    red=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' out)
    [ -n "$red" ] && [ -n "$full" ] && [ "$red" -lt "$full" ] \
        || fail "$r: spor stores ${red:-?} states, none ${full:-?}"
done
# the default reduction under -a is spor; refused where it is not sound:
# a model's own never claim, X, a claim without -a, other reductions
"$SPORE" -n --no-trail -a por_reduce_ltl.pml >out 2>&1
grep -q 'states reducible' out \
    || fail "por_reduce_ltl -a: the default does not reduce"
check mutex_ok "-a --por=spor"     2 "" - -
check cycle_ltl "-a --ltl=p3 --por=dl" 2 "" - -
check por_reduce "-l --por=de"     2 "" - -
# -f: no reduction (refused when asked, off by default), only with -a/-l
check por_reduce "-l -f --por=spor" 2 "" - -
check fair_np "-f"                 2 "" - -
"$SPORE" -n --no-trail -l -f fair_np.pml >out 2>&1
grep -q 'reduction off: -f' out \
    || fail "fair_np -l -f: no note that the reduction is off"
check por_next "-a --por=spor"     2 "" - -
check por_next "-a"                1 "VIOLATED: never claim"     - -
"$SPORE" -n --no-trail -a --por=spor por_next.pml >out 2>&1
grep -q 'X (next) at por_next.pml:17:24.*--por=none' out \
    || { fail "por_next: the refusal does not name the X"; \
         sed 's/^/    /' out; }
"$SPORE" -n --no-trail -a por_next.pml >out 2>&1
grep -q 'reduction off: X (next)' out \
    || fail "por_next -a: no note that the reduction is off"

if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
exit 0
