#!/bin/sh
# tests/diff/ltl-diff.sh -- differential test of spore's liveness checks
# (issue 12: ltl, never claims, -a, -a -f, -l) against SPIN's pan on
# random models from `tests/gen/genmodel --ltl'.
#
# Usage: ltl-diff.sh [-j JOBS] [-o DIR] [-q] N1 N2
#
#   N1 N2     the seeds N1..N2 (inclusive)
#   -j JOBS   run JOBS seeds at a time (default 1)
#   -o DIR    copy every disagreeing model to DIR/ltl-SEED-VARIANT.pml
#             (default ./diff-out)
#   -q        print only disagreements, failures and the summary
#
# For every seed, genmodel --seed N --ltl gives m.pml (an `ltl prop'
# block at the end, some `progress_K' labels).  Three variants:
#   ltl    m.pml itself: our translation of the formula
#   never  m.pml with the ltl line replaced by the never claim of
#          `spin -f "!(FORMULA)"': the same automaton in both tools, so
#          under --por=none the stored-state counts must be equal too
#   np     m.pml without the ltl line, for -l (progress labels)
# and the runs (OPTS: -a and -a -f for ltl and never, -l for np):
#   SPIN   spin -a -o3 V.pml (no statement merging: spore has none);
#          cc $PAN_CFLAGS -DNOREDUCE [-DNP] -o pan pan.c;
#          ./pan -m$DEPTH $PAN_RUNFLAGS OPTS: `errors: N' gives the verdict (0: -),
#          `states, stored' the count
#   spore  spore --json --no-trail -m $DEPTH --por=P OPTS V.pml for P in
#          $LTL_POR (default: none spor)
# A spore run that ends with exit status 2 (a mode spore refuses today:
# -f not there yet, a reduction refused under a claim) is skipped and
# counted.  One line per seed and run: seed, variant, options, pan's
# verdict and count, spore's, and `yes', `count' (never and np variants
# under none, both verified: counts differ; a violation may be found at
# different points of the two searches), `NO' (verdicts differ),
# `stutter' (the known -f difference, see stutter_only: not counted as a
# disagreement), `skip' or `FAILED' (T/O, err, inc on either side).
#
# The soak (issue 12: 2,000 seeds) is quickest with pan built by tcc
# (Debian package tcc; the models are small, compiling pan.c is most of
# a seed's time with gcc):
#   CC=tcc PAN_CFLAGS= DEPTH=100000 ltl-diff.sh -j 2 -q 1 2000
#
# Exit status: 0 when every compared run agrees, 1 on a disagreement or
# a failed run, 2 on usage errors or missing tools.  Environment: SPORE,
# GENMODEL, SPIN, CC, PAN_CFLAGS (default -O2), PAN_RUNFLAGS, TIMEOUT,
# DEPTH (lib.sh),
# LTL_POR (default "none spor"), LTL_OPTS (default "-a|-a -f|-l").

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

jobs=1
outdir=./diff-out
quiet=0
LTL_POR=${LTL_POR:-none spor}
LTL_OPTS=${LTL_OPTS:--a|-a -f|-l}

usage()
{
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
    exit "$1"
}

# pan_build DIR V NP: build pan for DIR/V.pml into DIR/pan.V (NP: 1 for
# -DNP); false when spin or cc fails
pan_build()
{
    (
        cd "$1" || exit 1
        rm -rf "b.$2" && mkdir "b.$2" && cp "$2.pml" "b.$2/" &&
            cd "b.$2" || exit 1
        "$SPIN" -a -o3 "$2.pml" >spin.out 2>&1 || exit 1
        _np=
        [ "$3" = 1 ] && _np=-DNP
        # shellcheck disable=SC2086
        "$CC" $PAN_CFLAGS -DNOREDUCE $_np -o "../pan.$2" pan.c \
            >cc.out 2>&1 || exit 1
        cd .. && rm -rf "b.$2"
    )
}

# pan_run DIR V OPTS: run DIR/pan.V with OPTS; sets s_v (V or -) and
# s_n (stored count), or the failure err / T/O / inc in both
pan_run()
{
    s_v=err s_n=err
    [ -x "$1/pan.$2" ] || return 0
    # shellcheck disable=SC2086
    (cd "$1" && $TIMEOUT_CMD "./pan.$2" -m"$DEPTH" $PAN_RUNFLAGS $3 \
        >pan.out 2>&1)
    eval "$(pan_verdict "$1/pan.out")"
}

# stutter_only DIR M OPTS...: under -f, spore's lasso on DIR/M closes a
# cycle made of the claim's stutter steps alone (no process can move):
# a fair run to spore, none to pan (DIFFERENCES.md: -f at a deadlock
# under a stuttering claim).  Such a verdict difference is `stutter'.
stutter_only()
{
    _d=$1 _m=$2
    shift 2
    case " $* " in *" -f "*) ;; *) return 1 ;; esac
    # shellcheck disable=SC2086
    (cd "$_d" && $TIMEOUT_CMD "$SPORE" --no-trail -m"$DEPTH" "$@" "$_m" \
        >stutter.out 2>&1)
    awk '/START OF CYCLE/ { c = 1; next }
         c && /^ *[0-9]+: proc / { n++; if ($3 != "-") bad = 1 }
         END { exit !(c && n > 0 && !bad) }' "$_d/stutter.out"
}

# one_seed SEED: the result lines of one seed
one_seed()
{
    seed=$1
    work=$(mktemp -d "${TMPDIR:-/tmp}/ltl-diff.XXXXXX") || exit 2
    gen_model "$seed" "$work/ltl.pml" --ltl
    f=$(sed -n 's/^ltl prop { \(.*\) }$/\1/p' "$work/ltl.pml")
    grep -v '^ltl prop ' "$work/ltl.pml" >"$work/np.pml"
    { cat "$work/np.pml"; "$SPIN" -f "!($f)"; } >"$work/never.pml"
    for v in ltl never np; do
        np=0
        [ $v = np ] && np=1
        pan_build "$work" $v $np
    done
    old_ifs=$IFS
    IFS='|'
    set -f
    for opts in $LTL_OPTS; do
        IFS=$old_ifs
        case $opts in
        *-l*) vars=np ;;
        *) vars="ltl never" ;;
        esac
        for v in $vars; do
            pan_run "$work" $v "$opts"
            for por in $LTL_POR; do
                # shellcheck disable=SC2086
                rc=$(spore_json "$work" $v.pml out.json --por=$por $opts)
                if [ "$rc" = 2 ]; then
                    p_v=n/i p_n=n/i match=skip
                else
                    p_v=$(verdict_of "$rc" "$work/out.json" V)
                    p_n=$(json_field "$work/out.json" states_stored)
                    p_n=${p_n:-err}
                    if is_failure "$s_v" || is_failure "$p_v"; then
                        match=FAILED
                    elif [ "$s_v" = - ] && [ "$p_v" = V ] &&
                        stutter_only "$work" $v.pml --por=$por $opts; then
                        match=stutter
                    elif [ "$s_v" != "$p_v" ]; then
                        match=NO
                    elif [ $v != ltl ] && [ $por = none ] &&
                        [ "$s_v" = - ] && [ "$s_n" != "$p_n" ]; then
                        match=count
                    else
                        match=yes
                    fi
                fi
                case $match in
                NO|count|FAILED)
                    mkdir -p "$outdir" &&
                        cp "$work/$v.pml" "$outdir/ltl-$seed-$v.pml" ;;
                esac
                printf "%-7s %-6s %-6s %-5s %-3s %8s %-3s %8s  %s\n" \
                    "$seed" "$v" "$(echo "$opts" | tr -d ' ')" "$por" \
                    "$s_v" "$s_n" "$p_v" "$p_n" "$match"
            done
        done
        IFS='|'
    done
    IFS=$old_ifs
    set +f
    rm -rf "$work"
}

seed_worker "$@"
seed_args "$@"
need_tools gen spin
export SPORE GENMODEL SPIN CC PAN_CFLAGS PAN_RUNFLAGS TIMEOUT DEPTH LTL_POR \
    LTL_OPTS

res=$(mktemp "${TMPDIR:-/tmp}/ltl-diff-res.XXXXXX") || exit 2
trap 'rm -f "$res" "$res".*' EXIT
seed_fan "$0" "$res"
sort -n -s -k1,1 -o "$res" "$res"

printf "%-7s %-6s %-6s %-5s %-3s %8s %-3s %8s  %s\n" seed var opts por \
    pan stored spo stored match
if [ $quiet -eq 1 ]; then
    awk '$9 != "yes" && $9 != "skip" && $9 != "stutter"' "$res"
else
    cat "$res"
fi
awk -v outdir="$outdir" '
    { n++; c[$9]++; if ($9 == "yes" && $5 == "V") viol++
      if ($9 == "skip") sk[$3 "/" $4]++ }
    END {
        printf "\nruns: %d  agree: %d (violated: %d)  count differs: %d  " \
            "verdict differs: %d  failed: %d  skipped (exit 2): %d\n",
            n, c["yes"], viol, c["count"], c["NO"], c["FAILED"],
            c["skip"]
        if (c["stutter"])
            printf "  known (-f, a cycle of claim stutter steps: " \
                "DIFFERENCES.md): %d\n", c["stutter"]
        for (k in sk)
            printf "  skipped %s: %d\n", k, sk[k]
        bad = c["count"] + c["NO"] + c["FAILED"]
        if (bad)
            printf "disagreeing models copied to %s\n", outdir
        exit bad != 0
    }' "$res"
