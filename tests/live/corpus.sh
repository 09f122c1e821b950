#!/bin/sh
# tests/live/corpus.sh -- issue 12 item 6: every model of the shared
# corpus with an `ltl' block or a `never' claim, spore -a against pan -a
# (and -a -f, when spore has -f), one property at a time.
#
# Usage: corpus.sh [MODEL...]   (paths relative to the corpus; default:
#                               every file `grep -l -E "^\s*(ltl|never)"'
#                               finds under the corpus)
#
# For each model and each of its named ltl properties (pan -N NAME,
# spore --ltl=NAME; one run without a name when the model has a never
# claim or unnamed ltl blocks):
#   SPIN   spin -a -o3 M.pml; cc $PAN_CFLAGS -DNOREDUCE -o pan pan.c;
#          ./pan -a [-f] -m$DEPTH [-N NAME]: `errors: N' is the verdict
#   spore  spore --json --no-trail -a [-f] -m $DEPTH --por=P [--ltl=NAME]
#          for P in $LIVE_POR (default: none spor)
# One line per run: model, property, options, por, pan's verdict and
# stored count, spore's, and `yes' / `count' (none, both verified, a
# never claim -- an ltl formula is our translation, not SPIN's, so its
# counts are not compared -- counts differ) / `NO' / `skip' (spore exit
# 2: a mode it refuses) / `rej' (exit 3: spore rejects the model, e.g. a
# construct not supported yet) / `FAILED' (T/O, inc, err).
#
# Not in make check (some models take minutes); run it by hand.
# Exit status: 0 when no verdict differs and nothing failed, 1 otherwise,
# 2 on missing tools.  Environment: SPORE, SPIN, CC, PAN_CFLAGS (default
# -O2), TIMEOUT (default 120 s a run), DEPTH (default 1000000), CORPUS
# (default $SRCDIR/../shared/corpus), LIVE_POR, LIVE_OPTS (default
# "-a|-a -f").

set -u

here=$(cd "$(dirname "$0")" && pwd)
TIMEOUT=${TIMEOUT:-120}
. "$here/../diff/lib.sh"
CORPUS=${CORPUS:-$SRCDIR/../shared/corpus}
LIVE_POR=${LIVE_POR:-none spor}
LIVE_OPTS=${LIVE_OPTS:--a|-a -f}
need_tools spin
[ -d "$CORPUS" ] || { echo "$0: no corpus at $CORPUS" >&2; exit 2; }

if [ $# -eq 0 ]; then
    set -- $(cd "$CORPUS" && grep -l -E '^\s*(ltl|never)' -r . |
        sed 's|^\./||' | sort)
fi

res=$(mktemp "${TMPDIR:-/tmp}/live-corpus.XXXXXX") || exit 2
trap 'rm -f "$res"' EXIT
printf "%-36s %-12s %-6s %-5s %-4s %9s %-4s %9s  %s\n" model prop opts \
    por pan stored spo stored match
for m in "$@"; do
    work=$(mktemp -d "${TMPDIR:-/tmp}/live-corpus.XXXXXX") || exit 2
    cp "$CORPUS/$m" "$work/m.pml"
    names=$(sed -n 's/^[[:space:]]*ltl[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*{.*/\1/p' \
        "$work/m.pml")
    if grep -q -E '^\s*never' "$work/m.pml" || [ -z "$names" ]; then
        names=-
    fi
    built=0
    (
        cd "$work" && "$SPIN" -a -o3 m.pml >spin.out 2>&1 &&
            # shellcheck disable=SC2086
            "$CC" $PAN_CFLAGS -DNOREDUCE -o pan pan.c >cc.out 2>&1
    ) && built=1
    for n in $names; do
        nopt= sopt=
        if [ "$n" != - ]; then
            nopt="-N $n" sopt="--ltl=$n"
        fi
        old_ifs=$IFS
        IFS='|'
        for opts in $LIVE_OPTS; do
            IFS=$old_ifs
            s_v=err s_n=err
            if [ $built = 1 ]; then
                # shellcheck disable=SC2086
                (cd "$work" && $TIMEOUT_CMD ./pan -m"$DEPTH" $opts $nopt \
                    >pan.out 2>&1)
                eval "$(pan_verdict "$work/pan.out")"
            fi
            for por in $LIVE_POR; do
                # shellcheck disable=SC2086
                rc=$(spore_json "$work" m.pml out.json --por=$por $opts \
                    $sopt)
                case $rc in
                2) p_v=n/i p_n=n/i match=skip ;;
                3) p_v=rej p_n=rej match=rej ;;
                *)
                    p_v=$(verdict_of "$rc" "$work/out.json" V)
                    p_n=$(json_field "$work/out.json" states_stored)
                    p_n=${p_n:-err}
                    if is_failure "$s_v" || is_failure "$p_v"; then
                        match=FAILED
                    elif [ "$s_v" != "$p_v" ]; then
                        match=NO
                    elif [ "$por" = none ] && [ "$s_v" = - ] &&
                        [ "$n" = - ] && [ "$s_n" != "$p_n" ]; then
                        match=count
                    else
                        match=yes
                    fi
                    ;;
                esac
                printf "%-36s %-12s %-6s %-5s %-4s %9s %-4s %9s  %s\n" \
                    "$m" "$n" "$(echo "$opts" | tr -d ' ')" "$por" \
                    "$s_v" "$s_n" "$p_v" "$p_n" "$match" | tee -a "$res"
            done
            IFS='|'
        done
        IFS=$old_ifs
    done
    rm -rf "$work"
done
awk '
    { n++; c[$9]++ }
    END {
        printf "\nruns: %d  agree: %d  count differs: %d  " \
            "verdict differs: %d  failed: %d  skipped: %d  " \
            "rejected: %d\n", n, c["yes"], c["count"], c["NO"],
            c["FAILED"], c["skip"], c["rej"]
        exit (c["NO"] + c["FAILED"]) != 0
    }' "$res"
