# tests/diff/lib.sh -- shell functions shared by the differential tests
# (spin-diff.sh, por-diff.sh, minimise.sh, check.sh, tests/soak).
# Sourced, not run.  Plain POSIX sh + awk + sed; no python, no jq.
#
# Needs before sourcing: `here' (the directory of this file).
# Sets (unless already set in the environment):
#   SRCDIR    the source tree (two levels above this file)
#   SPORE     the spore binary: $SPORE, else spore in PATH, else ./spore,
#             else the newest /tmp/b-*/spore
#   GENMODEL  the generator: $GENMODEL, else tests/gen/genmodel next to
#             $SPORE (the build tree), else the newest /tmp/b-*/tests/gen/
#   SPIN, CC  (default spin, cc); PAN_CFLAGS (default -O2)
#   TIMEOUT   seconds per tool run (default 60); TIMEOUT_CMD
#   DEPTH     depth limit for pan and spore (default 1000000)
#   PAN_RUNFLAGS  extra options for every pan run (default -w18: a hash
#             table of 2^18 slots; pan's default -w24 costs 128 MB of
#             zeroed memory per run, most of a small model's time;
#             the counts do not depend on it)

SRCDIR=${SRCDIR:-$(cd "$here/../.." && pwd)}
SPIN=${SPIN:-spin}
CC=${CC:-cc}
PAN_CFLAGS=${PAN_CFLAGS:--O2}
TIMEOUT=${TIMEOUT:-60}
DEPTH=${DEPTH:-1000000}
PAN_RUNFLAGS=${PAN_RUNFLAGS:--w18}

if [ -z "${SPORE:-}" ]; then
    if command -v spore >/dev/null 2>&1; then
        SPORE=$(command -v spore)
    elif [ -x ./spore ]; then
        SPORE=$(pwd)/spore
    else
        # shellcheck disable=SC2012
        SPORE=$(ls -t /tmp/b-*/spore 2>/dev/null | head -n 1)
    fi
fi
case ${SPORE:-} in
/*|'') ;;
*) SPORE=$(pwd)/$SPORE ;;
esac
if [ -z "${GENMODEL:-}" ]; then
    if [ -n "$SPORE" ] && [ -x "$(dirname "$SPORE")/tests/gen/genmodel" ]; then
        GENMODEL=$(dirname "$SPORE")/tests/gen/genmodel
    else
        # shellcheck disable=SC2012
        GENMODEL=$(ls -t /tmp/b-*/tests/gen/genmodel 2>/dev/null | head -n 1)
    fi
fi
case ${GENMODEL:-} in
/*|'') ;;
*) GENMODEL=$(pwd)/$GENMODEL ;;
esac
if command -v timeout >/dev/null 2>&1; then
    TIMEOUT_CMD="timeout -s INT $TIMEOUT"
else
    TIMEOUT_CMD=""
fi

# need_tools [gen] [spin]: exit 2 unless spore exists, and genmodel
# (gen), spin and cc (spin)
need_tools()
{
    if [ -z "$SPORE" ] || [ ! -x "$SPORE" ]; then
        echo "$0: no spore binary (set SPORE)" >&2
        exit 2
    fi
    case " $* " in
    *" gen "*)
        if [ -z "$GENMODEL" ] || [ ! -x "$GENMODEL" ]; then
            echo "$0: no genmodel binary (set GENMODEL;" \
                "make tests/gen/genmodel)" >&2
            exit 2
        fi
        ;;
    esac
    case " $* " in
    *" spin "*)
        if ! command -v "$SPIN" >/dev/null 2>&1; then
            echo "$0: '$SPIN' not found (set SPIN)" >&2
            exit 2
        fi
        if ! command -v "$CC" >/dev/null 2>&1; then
            echo "$0: no C compiler '$CC' (set CC)" >&2
            exit 2
        fi
        ;;
    esac
}

# spin_run DIR MODEL: run SPIN's pan on DIR/MODEL (a file name in DIR);
# sets s_assert (A or -), s_end (E or -), s_stored (a number), or the
# failure T/O, err, inc in all three.
spin_run()
{
    _dir=$1
    _m=$2
    s_assert=err s_end=err s_stored=err
    (
        cd "$_dir" || exit 1
        "$SPIN" -a -o3 "$_m" >spin.out 2>&1 || exit 1
        # shellcheck disable=SC2086
        "$CC" $PAN_CFLAGS -DNOREDUCE -DSAFETY -o pan pan.c >cc.out 2>&1 ||
            exit 1
        # shellcheck disable=SC2086
        $TIMEOUT_CMD ./pan -m"$DEPTH" $PAN_RUNFLAGS -c0 -n >pan.out 2>&1
        exit 0
    ) || return 0
    eval "$(awk '
        /^pan:[0-9]+: .*assertion violated/ { a = 1 }
        /^pan:[0-9]+: .*invalid end state/  { e = 1 }
        /^Interrupted/                      { t = 1 }
        /max search depth too small/        { d = 1 }
        /states, stored/                    { s = $1 }
        END {
            if (t) { print "s_assert=T/O s_end=T/O s_stored=T/O"; exit }
            if (d) { print "s_assert=inc s_end=inc s_stored=inc"; exit }
            printf "s_assert=%s s_end=%s s_stored=%s\n",
                a ? "A" : "-", e ? "E" : "-", s == "" ? "err" : s
        }' "$_dir/pan.out")"
    rm -f "$_dir/pan" "$_dir/pan.c" "$_dir/pan.h" "$_dir/pan.m" \
        "$_dir/pan.b" "$_dir/pan.p" "$_dir/pan.t"
}

# spore_json DIR MODEL OUT OPTS...: run spore in DIR with --json and the
# options; stdout to DIR/OUT, stderr to DIR/OUT.err; prints the exit
# status.
spore_json()
{
    _dir=$1
    _m=$2
    _out=$3
    shift 3
    (cd "$_dir" && $TIMEOUT_CMD "$SPORE" --json --no-trail -m "$DEPTH" \
        "$@" "$_m") >"$_dir/$_out" 2>"$_dir/$_out.err"
    echo $?
}

# json_field FILE KEY: the value of a string or number field (first match)
json_field()
{
    tr -d '\n' <"$1" | sed -n \
        "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\{0,1\}\([^\",}]*\).*/\1/p"
}

# verdict_of RC FILE LETTER: LETTER when violated, - when verified, or
# the failure: inc (incomplete), rej (exit 3), T/O, n/i (exit 2: mode not
# implemented / usage error), err.
verdict_of()
{
    case $1 in
    0|1|4)
        case $(json_field "$2" verdict) in
        violated) echo "$3" ;;
        verified) echo "-" ;;
        incomplete) echo "inc" ;;
        *) echo "err" ;;
        esac
        ;;
    2) echo "n/i" ;;
    3) echo "rej" ;;
    124|130) echo "T/O" ;;
    *) echo "err" ;;
    esac
}

# stored_of RC FILE: the stored-state count, or the failure
stored_of()
{
    case $1 in
    0|1)
        _v=$(json_field "$2" states_stored)
        echo "${_v:-err}"
        ;;
    2) echo "n/i" ;;
    3) echo "rej" ;;
    4) echo "inc" ;;
    124|130) echo "T/O" ;;
    *) echo "err" ;;
    esac
}

# is_failure VALUE: true for a failed run rather than a verdict or count
is_failure()
{
    case $1 in
    T/O|err|rej|inc|n/i) return 0 ;;
    esac
    return 1
}

# spore_none DIR MODEL: the --por=none verdicts and count; sets p_assert,
# p_end, p_stored.
spore_none()
{
    _rc=$(spore_json "$1" "$2" a.json --por=none -E)
    p_assert=$(verdict_of "$_rc" "$1/a.json" A)
    _rc=$(spore_json "$1" "$2" e.json --por=none -A)
    p_end=$(verdict_of "$_rc" "$1/e.json" E)
    _rc=$(spore_json "$1" "$2" full.json --por=none -c0)
    p_stored=$(stored_of "$_rc" "$1/full.json")
}

# gen_model SEED FILE [GENOPTS...]: write the model of SEED to FILE
gen_model()
{
    _seed=$1
    _file=$2
    shift 2
    # shellcheck disable=SC2086
    "$GENMODEL" --seed "$_seed" ${GENOPTS:-} "$@" >"$_file"
}

# ---- POR differential ----------------------------------------------------

# POR_MODES: the reductions compared with --por=none; MODE/FIX adds
# --cycle-fix=FIX (e.g. de/static, dl/c3-only)
POR_MODES=${POR_MODES:-spor de dl de-jpf dl-jpf odpor}

# mode_args MODE: the spore options of a POR_MODES word
mode_args()
{
    case $1 in
    */*) printf '%s\n' "--por=${1%%/*} --cycle-fix=${1#*/}" ;;
    *) printf '%s\n' "--por=$1" ;;
    esac
}
# STATELESS: 1 also runs every mode (and none) with --stateless -m
# SL_DEPTH and --time-limit SL_TIME; 0 never; auto: when spore has it
STATELESS=${STATELESS:-auto}
SL_DEPTH=${SL_DEPTH:-12}
SL_TIME=${SL_TIME:-3}
# OUTCOMES: 1 also compares the outcome sets (--outcomes over the model's
# global scalars and arrays) of the -c0 runs; 0 never; auto: when spore
# has --outcomes
OUTCOMES=${OUTCOMES:-auto}

# outcomes_ok: true when spore knows --outcomes (and OUTCOMES allows it)
outcomes_ok()
{
    case $OUTCOMES in
    0) return 1 ;;
    1) return 0 ;;
    esac
    "$SPORE" --help 2>&1 | grep -q -- "--outcomes"
}

# model_globals FILE: the global scalars and arrays of FILE as spore
# compiled it (the globals section of --dump-bytecode: no channels, no
# structure leaves, no globals the model never reads), joined by commas
# for --outcomes
model_globals()
{
    (cd "$(dirname "$1")" && "$SPORE" --dump-bytecode "$(basename "$1")") \
        2>/dev/null |
        sed -n '/^globals:/,/^[^ ]/s/^    \([A-Za-z_][A-Za-z0-9_]*\)[[ ].*/\1 &/p' |
        grep -v ' chan$' | awk '{ print $1 }' | sort -u | paste -s -d, -
}

# outcomes_of FILE: the combinations of a JSON report's "outcomes"
# object, "x=1 y=0 -> N" (N: valid end states), one a line, in order
outcomes_of()
{
    tr -d '\n' <"$1" |
        grep -o '"outcome":"[^"]*","values":{[^}]*},"count":[0-9]*' |
        sed 's/^"outcome":"\([^"]*\)",.*"count":\([0-9]*\)$/\1 -> \2/'
}

# kinds_of FILE: the violation kinds of a JSON report, sorted, joined by +
kinds_of()
{
    tr -d '\n' <"$1" | sed 's/"kind"/\n&/g' |
        sed -n 's/^"kind"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' |
        sort -u | tr ' \n' '_+'
}

# por_runs DIR MODEL TAG OPTS...: the three runs of one configuration;
# sets r_assert (A - inc ...), r_end (E - ...), r_kinds (error kinds of
# the -c0 run), r_ends (ok, or none when --end-states is not there, or a
# failure) with the end states in DIR/ends.TAG, r_complete (true when the
# -c0 search was not cut) and r_ni=1 when spore said the mode is not
# implemented.  When $por_outcomes is set (a --outcomes list), the -c0
# run also lists the outcome sets, into DIR/outc.TAG.
por_runs()
{
    _d=$1 _m=$2 _t=$3
    shift 3
    r_ni=0 r_complete=
    _rc=$(spore_json "$_d" "$_m" "a.$_t.json" -E "$@")
    if [ "$_rc" = 2 ]; then
        if grep -q "not implemented" "$_d/a.$_t.json.err"; then
            r_ni=1
        fi
        r_assert=n/i r_end=n/i r_kinds=n/i r_ends=n/i
        return
    fi
    r_assert=$(verdict_of "$_rc" "$_d/a.$_t.json" A)
    _rc=$(spore_json "$_d" "$_m" "e.$_t.json" -A "$@")
    r_end=$(verdict_of "$_rc" "$_d/e.$_t.json" E)
    if [ -n "${por_outcomes:-}" ]; then
        _rc=$(spore_json "$_d" "$_m" "f.$_t.json" -c0 \
            --end-states="$_d/ends.$_t" --outcomes="$por_outcomes" "$@")
        outcomes_of "$_d/f.$_t.json" >"$_d/outc.$_t"
    else
        _rc=$(spore_json "$_d" "$_m" "f.$_t.json" -c0 \
            --end-states="$_d/ends.$_t" "$@")
    fi
    r_complete=$(json_field "$_d/f.$_t.json" complete)
    case $_rc in
    0|1) r_ends=ok; r_kinds=$(kinds_of "$_d/f.$_t.json") ;;
    2)
        if grep -q "end-states" "$_d/f.$_t.json.err"; then
            r_ends=none
            _rc=$(spore_json "$_d" "$_m" "f.$_t.json" -c0 "$@")
            case $_rc in
            0|1) r_kinds=$(kinds_of "$_d/f.$_t.json") ;;
            *) r_kinds=$(stored_of "$_rc" "$_d/f.$_t.json") ;;
            esac
        else
            r_ends=n/i r_kinds=n/i
        fi
        ;;
    4) r_ends=inc r_kinds=inc ;;
    *) r_ends=$(stored_of "$_rc" "$_d/f.$_t.json"); r_kinds=$r_ends ;;
    esac
}

# stateless_ok: true when spore knows --stateless
stateless_ok()
{
    case $STATELESS in
    0) return 1 ;;
    1) return 0 ;;
    esac
    "$SPORE" --help 2>&1 | grep -q -- "--stateless"
}

# por_model DIR MODEL: compare every mode of POR_MODES (and the
# stateless variants) with --por=none on DIR/MODEL.  Prints one word per
# configuration, NAME:CODE, where CODE is `=' (agrees), `-' (not
# implemented), `?' (a run failed or, stateless, was cut: nothing to
# compare), or the letters of what differs: a (assertion verdict with
# -E), e (invalid end state verdict with -A), k (error kinds with -c0),
# s (set of end states; stateless: a state none does not reach, or a
# different set when the search was complete), o (outcome sets over the
# model's globals, with their end-state counts: --outcomes, when spore
# has it).  First word: base:KINDS
# (A and/or E: what --por=none finds), base:FAIL(reason), or base:BIG(N)
# when --por=none stores more than $POR_MAX_STATES states (if set; the
# model is then skipped).  Sets por_bad to the number of disagreements.
por_model()
{
    _d=$1 _m=$2
    por_bad=0
    por_outcomes=
    if outcomes_ok; then
        por_outcomes=$(model_globals "$_d/$_m")
    fi
    por_runs "$_d" "$_m" none --por=none
    b_assert=$r_assert b_end=$r_end b_kinds=$r_kinds b_ends=$r_ends
    for _v in "$b_assert" "$b_end" "$b_kinds" "$b_ends"; do
        if is_failure "$_v"; then
            printf "base:FAIL(%s/%s/%s) " "$b_assert" "$b_end" "$b_ends"
            return
        fi
    done
    if [ "${POR_MAX_STATES:-0}" -gt 0 ]; then
        _n=$(json_field "$_d/f.none.json" states_stored)
        if [ "${_n:-0}" -gt "$POR_MAX_STATES" ]; then
            printf "base:BIG(%s) " "$_n"
            return
        fi
    fi
    printf "base:%s%s " "${b_assert#-}" "${b_end#-}"
    for _mode in $POR_MODES; do
        por_runs "$_d" "$_m" "$(echo "$_mode" | tr / _)" \
            $(mode_args "$_mode")
        if [ $r_ni -eq 1 ]; then
            printf "%s:- " "$_mode"
            continue
        fi
        _c=
        for _v in "$r_assert" "$r_end" "$r_kinds" "$r_ends"; do
            if is_failure "$_v"; then
                _c='?'
            fi
        done
        if [ -z "$_c" ]; then
            [ "$r_assert" = "$b_assert" ] || _c=${_c}a
            [ "$r_end" = "$b_end" ] || _c=${_c}e
            [ "$r_kinds" = "$b_kinds" ] || _c=${_c}k
            if [ "$b_ends" = ok ] && [ "$r_ends" = ok ] &&
                ! cmp -s "$_d/ends.none" \
                    "$_d/ends.$(echo "$_mode" | tr / _)"; then
                _c=${_c}s
            fi
            if [ -n "$por_outcomes" ] && [ "$b_ends" = ok ] &&
                [ "$r_ends" = ok ] &&
                ! cmp -s "$_d/outc.none" \
                    "$_d/outc.$(echo "$_mode" | tr / _)"; then
                _c=${_c}o
            fi
            [ -n "$_c" ] && por_bad=$((por_bad + 1))
        fi
        printf "%s:%s " "$_mode" "${_c:-=}"
    done
    stateless_ok || return 0
    por_outcomes=
    for _mode in none $POR_MODES; do
        por_runs "$_d" "$_m" "sl.$(echo "$_mode" | tr / _)" \
            $(mode_args "$_mode") --stateless \
            -m "$SL_DEPTH" --time-limit="$SL_TIME"
        if [ $r_ni -eq 1 ]; then
            printf "sl-%s:- " "$_mode"
            continue
        fi
        _c=
        # a violation found must be real; a complete search must agree
        case $r_assert in
        A) [ "$b_assert" = A ] || _c=${_c}a ;;
        -) [ "$b_assert" = - ] || _c=${_c}a ;;
        esac
        case $r_end in
        E) [ "$b_end" = E ] || _c=${_c}e ;;
        -) [ "$b_end" = - ] || _c=${_c}e ;;
        esac
        if [ "$b_ends" = ok ] && [ "$r_ends" = ok ] &&
            [ "$r_complete" = true ]; then
            cmp -s "$_d/ends.none" "$_d/ends.sl.$(echo "$_mode" | tr / _)" || _c=${_c}s
        elif [ "$b_ends" = ok ] && [ "$r_ends" = ok ] &&
            [ -n "$(comm -13 "$_d/ends.none" "$_d/ends.sl.$(echo "$_mode" | tr / _)")" ]; then
            _c=${_c}s
        elif [ "$b_ends" = ok ] && [ "$r_ends" = inc ] &&
            [ -f "$_d/ends.sl.$(echo "$_mode" | tr / _)" ] &&
            [ -n "$(comm -13 "$_d/ends.none" "$_d/ends.sl.$(echo "$_mode" | tr / _)")" ]; then
            _c=${_c}s
        fi
        if [ -n "$_c" ]; then
            por_bad=$((por_bad + 1))
        elif [ "$r_assert$r_end" != AE ] &&
            { is_failure "$r_assert" || is_failure "$r_end"; }; then
            _c='?'
        fi
        printf "sl-%s:%s " "$_mode" "${_c:-=}"
    done
}

# ---- POR differential in one run (spore --por-check) ---------------------

# model_outcome_vars FILE: the --outcomes list of FILE: its
# `/* outcomes: V,... */' line (tests/gen/exhaust writes one), else
# model_globals
model_outcome_vars()
{
    _v=$(sed -n 's|^/\* outcomes: \([A-Za-z0-9_,]*\) \*/$|\1|p' "$1" |
        head -n 1)
    if [ -n "$_v" ]; then
        echo "$_v"
    else
        model_globals "$1"
    fi
}

# por_check_run MODEL OUT: `spore --por-check' on MODEL (a path from the
# current directory), with --outcomes over its model_outcome_vars when
# spore has --outcomes; the table and then a line `rc STATUS' go to OUT.
# One fork of spore (and of timeout) when MODEL has an outcomes line and
# OUTCOMES is 0 or 1.
por_check_run()
{
    _pc_oc= _l1= _l2=
    if outcomes_ok; then
        {
            IFS= read -r _l1 && IFS= read -r _l2
        } <"$1"
        case $_l1$_l2 in
        *"/* outcomes: "*)
            case $_l1 in
            *"/* outcomes: "*) _pc_oc=$_l1 ;;
            *) _pc_oc=$_l2 ;;
            esac
            _pc_oc=${_pc_oc#*/\* outcomes: }
            _pc_oc=${_pc_oc% \*/}
            ;;
        *) _pc_oc=$(model_globals "$1") ;;
        esac
    fi
    if [ -n "$_pc_oc" ]; then
        $TIMEOUT_CMD "$SPORE" --por-check -m "$DEPTH" \
            --outcomes="$_pc_oc" "$1" >"$2" 2>&1
    else
        $TIMEOUT_CMD "$SPORE" --por-check -m "$DEPTH" "$1" >"$2" 2>&1
    fi
    echo "rc $?" >>"$2"
}

# por_check_codes FILE...: for each FILE written by por_check_run, the
# line `NAME base:KINDS MODE:CODE ...' (NAME: FILE without its .pc),
# as por_model prints it: base:KINDS (A, E, R: assertion, invalid end
# state, other run-time errors under none), base:FAIL(reason) or
# base:BIG(N) (more than $POR_MAX_STATES states, when set), then for
# every reduction spore has `=' agrees, `k' verdict or error kinds
# differ, `s' end states differ, `o' outcome sets differ, `?' a search
# was cut.
por_check_codes()
{
    awk -v max="${POR_MAX_STATES:-0}" '
        function flush() {
            if (name == "") return
            if (rc == 3) base = "FAIL(rej)"
            else if (rc == 124 || rc == 130) base = "FAIL(T/O)"
            else if (rc != 0 && rc != 1 && rc != 4 && rc != 5)
                base = "FAIL(err" rc ")"
            else if (!hasnone) base = "FAIL(err)"
            if (base ~ /^(FAIL|BIG)/) codes = ""
            printf "%s base:%s%s \n", name, base, codes
        }
        FNR == 1 {
            flush()
            name = FILENAME; sub(/\.pc$/, "", name)
            base = ""; codes = ""; rc = -1; hasnone = 0
        }
        $1 == "rc" && NF == 2 { rc = $2 + 0; next }
        $1 == "none" && NF >= 11 {
            hasnone = 1
            base = $3 == "-" ? "" : $3
            if ($2 == "incomplete") base = "FAIL(inc)"
            else if (max > 0 && $4 + 0 > max) base = "BIG(" $4 ")"
            next
        }
        $1 ~ /^[a-z][a-z-]*$/ && $1 != "mode" && NF >= 11 {
            a = $11
            if (a == "yes") c = "="
            else if (a == "?") c = "?"
            else if ($12 == "(ends)") c = "s"
            else if ($12 == "(outcomes)") c = "o"
            else c = "k"
            codes = codes " " $1 ":" c
        }
        END { flush() }' "$@"
}

# por_check_model DIR MODEL: the comparison of por_model in a single
# spore run, `spore --por-check' (none, then every reduction spore has,
# each with -c0; POR_MODES and the stateless variants do not apply).
# Prints what por_check_codes does, without the name.  Sets por_bad to
# the number of disagreements.
por_check_model()
{
    _l=$(cd "$1" && por_check_run "$2" pc.out && por_check_codes pc.out)
    _l=${_l#pc.out }
    printf "%s" "$_l"
    por_bad=$(echo "$_l" | tr ' ' '\n' | grep -c ':[kso]$')
}

# ------------------------------------------------ seed-range scripts
# spin-diff.sh and ltl-diff.sh share their command line (-j JOBS -o DIR
# -q N1 N2) and their fan-out: `seed_worker "$@"' first (it runs the
# script's one_seed over a worker's share of the seeds and exits when the
# script was started as a worker), then `seed_args "$@"' (sets jobs,
# outdir (absolute), quiet, n1, n2; calls the script's usage on errors),
# then `seed_fan SCRIPT RES' (runs JOBS workers of SCRIPT, their lines
# concatenated into RES unsorted; the workers' files are RES.0, RES.1...).

seed_worker()
{
    if [ "${1:-}" = --worker ]; then
        # internal: --worker J JOBS N1 N2 OUTDIR
        _j=$2 _jobs=$3 _n2=$5 outdir=$6
        _seed=$(($4 + _j))
        while [ "$_seed" -le "$_n2" ]; do
            one_seed "$_seed"
            _seed=$((_seed + _jobs))
        done
        exit 0
    fi
}

seed_args()
{
    OPTIND=1
    while getopts j:o:qh opt; do
        case $opt in
        j) jobs=$OPTARG ;;
        o) outdir=$OPTARG ;;
        q) quiet=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    [ $# -eq 2 ] || usage 2
    n1=$1 n2=$2
    case $n1$n2$jobs in
    *[!0-9]*) usage 2 ;;
    esac
    [ "$jobs" -ge 1 ] || usage 2
    case $outdir in
    /*) ;;
    *) outdir=$(pwd)/$outdir ;;
    esac
}

seed_fan()
{
    _j=0
    while [ $_j -lt "$jobs" ]; do
        sh "$1" --worker $_j "$jobs" "$n1" "$n2" "$outdir" >"$2.$_j" &
        _j=$((_j + 1))
    done
    wait
    cat "$2".[0-9]* >"$2"
}

# pan_verdict FILE: pan's output FILE as shell assignments `s_v=V s_n=N'
# (s_v: V a violation, - none; s_n: states stored), or the failure in
# both: T/O (interrupted), inc (depth too small, nothing found), err
pan_verdict()
{
    awk '
        /errors: [0-9]+/ { e = $NF }
        /^Interrupted/ { t = 1 }
        /max search depth too small/ { d = 1 }
        /states, stored/ { s = $1 }
        END {
            if (t) { print "s_v=T/O s_n=T/O"; exit }
            if (e == "" || s == "") { print "s_v=err s_n=err"; exit }
            if (d && e == 0) { print "s_v=inc s_n=inc"; exit }
            printf "s_v=%s s_n=%s\n", (e > 0 ? "V" : "-"), s
        }' "$1"
}
