#!/bin/sh
# tests/diff/minimise.sh -- shrink a model on which spore and SPIN (or a
# --por mode and --por=none) disagree, by deleting lines and blocks while
# the disagreement persists.
#
# Usage: minimise.sh [-p MODE] MODEL.pml KIND [OUT.pml]
#
#   KIND      what must stay different:
#               assert   the assertion verdicts (spore -E vs SPIN)
#               end      the invalid-end-state verdicts (spore -A vs SPIN)
#               count    the stored-state counts (spore -c0 vs SPIN)
#               any      any of the three
#             With -p MODE the comparison is spore --por=MODE against
#             spore --por=none instead of SPIN, and KIND may also be
#               ends     the sets of reachable end states (--end-states)
#               check    any disagreement of MODE in `spore --por-check'
#                        (lib.sh's por_check_run: with --outcomes over
#                        the model's globals, which the plain runs lack)
#   OUT.pml   where the result goes (default: MODEL.min.pml)
#
# The model must be laid out as genmodel writes it (one statement a line,
# blocks closed at the opener's indentation).  Candidates, tried in
# order and repeated until nothing more can go: whole proctypes, blocks
# (if/do/atomic/d_step with their closing line), options (`::' lines with
# their bodies), single lines.  A candidate stays deleted when both tools
# still accept the model and the disagreement is still there.
# Environment: as spin-diff.sh (PAN_CFLAGS defaults to -O0 here: faster).

set -u

here=$(cd "$(dirname "$0")" && pwd)
PAN_CFLAGS=${PAN_CFLAGS:--O0}
TIMEOUT=${TIMEOUT:-20}
. "$here/lib.sh"

mode=
while getopts p:h opt; do
    case $opt in
    p) mode=$OPTARG ;;
    h) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then
    echo "usage: minimise.sh [-p MODE] MODEL.pml KIND [OUT.pml]" >&2
    exit 2
fi
model=$1 kind=$2 out=${3:-${1%.pml}.min.pml}
if [ -n "$mode" ]; then
    need_tools
else
    need_tools spin
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/minimise.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

# por_triple DIR MODE: sets q_assert q_end q_ends (end-state file digest)
por_triple()
{
    _rc=$(spore_json "$1" m.pml pa.json --por="$2" -E)
    q_assert=$(verdict_of "$_rc" "$1/pa.json" A)
    _rc=$(spore_json "$1" m.pml pe.json --por="$2" -A)
    q_end=$(verdict_of "$_rc" "$1/pe.json" E)
    _rc=$(spore_json "$1" m.pml pf.json --por="$2" -c0 \
        --end-states="$1/ends.$2")
    case $_rc in
    0|1) q_ends=$(cksum <"$1/ends.$2" | tr ' ' _) ;;
    *) q_ends=fail ;;
    esac
}

# still_differs FILE: true when FILE shows the disagreement
still_differs()
{
    rm -rf "$work/t"
    mkdir "$work/t" && cp "$1" "$work/t/m.pml"
    if [ -n "$mode" ] && [ "$kind" = check ]; then
        (cd "$work/t" && por_check_run m.pml pc.out)
        por_check_codes "$work/t/pc.out" | grep -q " $mode:[kso]"
        return
    fi
    if [ -n "$mode" ]; then
        por_triple "$work/t" none
        b_assert=$q_assert b_end=$q_end b_ends=$q_ends
        por_triple "$work/t" "$mode"
        for v in "$b_assert" "$b_end" "$q_assert" "$q_end"; do
            is_failure "$v" && return 1
        done
        [ "$b_ends" = fail ] && return 1
        case $kind in
        assert) [ "$b_assert" != "$q_assert" ] ;;
        end) [ "$b_end" != "$q_end" ] ;;
        ends) [ "$b_ends" != "$q_ends" ] ;;
        *) [ "$b_assert$b_end$b_ends" != "$q_assert$q_end$q_ends" ] ;;
        esac
        return
    fi
    spin_run "$work/t" m.pml
    spore_none "$work/t" m.pml
    for v in "$s_assert" "$s_end" "$s_stored" "$p_assert" "$p_end" \
        "$p_stored"; do
        is_failure "$v" && return 1
    done
    case $kind in
    assert) [ "$s_assert" != "$p_assert" ] ;;
    end) [ "$s_end" != "$p_end" ] ;;
    count) [ "$s_stored" != "$p_stored" ] ;;
    *) [ "$s_assert$s_end$s_stored" != "$p_assert$p_end$p_stored" ] ;;
    esac
}

# ranges FILE: print the candidate line ranges "FIRST LAST" (proctypes,
# blocks, options, lines), from the end of the file to its start, the
# bigger range first when two start on the same line
ranges()
{
    awk '
        function ind(s) { match(s, /^ */); return RLENGTH }
        { line[NR] = $0; n = NR }
        END {
            for (i = 1; i <= n; i++) {
                s = line[i]
                if (s ~ /^(active|proctype|init)/) {
                    for (j = i + 1; j <= n && line[j] != "}"; j++) ;
                    if (j <= n) print "P", i, j
                    continue
                }
                if (s ~ /^[ \t]*$/ || s ~ /^\/\*/ || s ~ /^[{}]$/) continue
                d = ind(s)
                t = substr(s, d + 1)
                if (t ~ /^(if|do)$/ || t ~ /^(atomic|d_step) \{$/) {
                    for (j = i + 1; j <= n; j++)
                        if (ind(line[j]) <= d) break
                    if (j <= n) print "B", i, j
                } else if (t ~ /^::/) {
                    for (j = i + 1; j <= n; j++)
                        if (ind(line[j]) <= d) break
                    print "O", i, j - 1
                }
                if (t !~ /^(fi|od|\});$/ && t !~ /^(if|do)$/ &&
                    t !~ /\{$/)
                    print "L", i, i
            }
        }' "$1" | sort -k2,2nr -k3,3nr | awk '{ print $2, $3 }' | uniq
}

cp "$model" "$work/cur.pml"
if ! still_differs "$work/cur.pml"; then
    echo "minimise: $model does not show the disagreement ($kind)" >&2
    exit 1
fi
tries=0
changed=1
# Sweeps from the end of the file to its start: after a deletion at line
# F the ranges are recomputed and the sweep goes on above F (lines above
# F did not move).  Sweeps repeat until one deletes nothing.
while [ $changed -eq 1 ]; do
    changed=0
    limit=999999
    while :; do
        ranges "$work/cur.pml" | awk -v lim="$limit" '$1 < lim' \
            >"$work/ranges"
        deleted=0
        while read -r first last; do
            awk -v f="$first" -v l="$last" 'NR < f || NR > l' \
                "$work/cur.pml" >"$work/cand.pml"
            tries=$((tries + 1))
            if still_differs "$work/cand.pml"; then
                cp "$work/cand.pml" "$work/cur.pml"
                changed=1 deleted=1 limit=$first
                break
            fi
        done <"$work/ranges"
        [ $deleted -eq 1 ] || break
    done
done
cp "$work/cur.pml" "$out"
echo "minimise: $(wc -l <"$out") lines after $tries tries: $out"
