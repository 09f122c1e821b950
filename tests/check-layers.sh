#!/bin/sh
# tests/check-layers.sh -- `make check' test: the include rules of
# doc/ARCHITECTURE.md, checked on every tracked C source and header.
#
#   1. A file includes only headers of its own room or of the rooms its
#      room may use (the table below: lower layers only).
#   2. A private header (NAME_int.h, engine/model/vm.h) is included only
#      from its own folder.
#   3. No two folders include each other, directly or round a circle.
#   4. Only spore.c, util/ and the separate programs of tools/ call
#      exit() (not cli.c: it returns statuses to spore.c).
#   5. The search, the reductions and the outputs (engine/search/,
#      engine/por/, engine/out/) see the model through its doors ts.h
#      and bc.h's accessors: none of their files reads the program's
#      transition, location or code tables or the vector header, i.e.
#      uses `prog->trans', `->trans[', `->code[', `->pclocs',
#      `->npclocs' or `BC_HDR_' (a grep, comments aside; ts.h has
#      ts_loc(), ts_nlocs(), ts_facts and ts_atomic_owner(), bc.h has
#      bc_trans_at(), bc_proc_loc() and bc_trans_text() instead).
#
# There are no exceptions.  Generated files (the flex and bison outputs)
# are not read.  Prints one line per broken rule; exit status 0 when
# there is none, 1 otherwise, 99 when the source tree cannot be read.
# Environment: SRCDIR (default: the tree this script is in).

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
cd "$SRCDIR" || exit 99

# room FILE: the room a source file belongs to (its folder; spore.c is
# the top)
room()
{
    case $1 in
    spore.c) echo top ;;
    */*) dirname "$1" ;;
    *) echo top ;;
    esac
}

# allowed ROOM: the rooms ROOM may include from (besides itself)
allowed()
{
    case $1 in
    util) echo "" ;;
    statestore) echo "util" ;;
    lang) echo "util" ;;
    engine/model) echo "util" ;;
    frontend) echo "util lang engine/model frontend/ltl" ;;
    frontend/ltl) echo "util" ;;
    engine/por) echo "util statestore engine/model" ;;
    engine/search) echo "util statestore engine/model engine/por" ;;
    engine/out) echo "util statestore engine/model engine/por engine/search" ;;
    tools/*) echo "util" ;;
    top) echo "*" ;;
    *) echo "?" ;;
    esac
}

# Is header H (a path as written in #include "...") private?
private()
{
    case $1 in
    *_int.h|engine/model/vm.h) return 0 ;;
    *) return 1 ;;
    esac
}

if [ -d .git ] && command -v git >/dev/null 2>&1; then
    # tracked and new (not ignored) files: a file is checked before it
    # is committed
    files=$(git ls-files --cached --others --exclude-standard \
            '*.c' '*.h' '*.def' 2>/dev/null | sort -u)
fi
if [ -z "${files:-}" ]; then
    files=$(find util statestore lang frontend engine tools spore.c \
            \( -name '*.c' -o -name '*.h' -o -name '*.def' \) 2>/dev/null |
            sed 's|^\./||' | sort)
fi
[ -n "$files" ] || { echo "check-layers: no source files in $SRCDIR" >&2; exit 99; }

bad=0
edges=$(mktemp "${TMPDIR:-/tmp}/layers.XXXXXX") || exit 99
trap 'rm -f "$edges" "$edges.model"' EXIT

for f in $files; do
    case $f in
    lang/lexer.c|lang/parser.c|lang/parser.h|tests/*) continue ;;
    esac
    [ -f "$f" ] || continue         # deleted, not yet committed
    r=$(room "$f")
    ok=$(allowed "$r")
    if [ "$ok" = "?" ]; then
        echo "check-layers: $f: room '$r' is not in the table"
        bad=1
        continue
    fi
    for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
        [ "$h" = config.h ] && continue
        hr=$(dirname "$h")
        [ "$hr" = . ] && hr=top
        if private "$h" && [ "$hr" != "$r" ]; then
            echo "check-layers: $f includes $h, private to $hr/"
            bad=1
        fi
        [ "$hr" = "$r" ] && continue
        echo "$r $hr" >>"$edges"
        case " $ok " in
        *" * "*|*" $hr "*) ;;
        *)
            echo "check-layers: $f ($r) includes $h ($hr): not a room below it"
            bad=1
            ;;
        esac
    done
    case $f in
    spore.c|util/*|tools/*) ;;
    *)
        if grep -n '\bexit[[:space:]]*(' "$f" | grep -v '^\([0-9]*\):[[:space:]]*/\?\*' >/dev/null; then
            echo "check-layers: $f calls exit() (only spore.c and util/ may)"
            bad=1
        fi
        ;;
    esac
    pat='prog->trans\|->trans\[\|->code\[\|->pclocs\|->npclocs\|BC_HDR_'
    case $r in
    engine/por|engine/search|engine/out)
        if sed 's|/\*.*\*/||g' "$f" |
            grep -n "$pat" |
            grep -v '^[0-9]*:[[:space:]]*/\?\*' >"$edges.model"; then
            sed "s|^|check-layers: $f reads the model past ts.h: |" \
                "$edges.model"
            bad=1
        fi
        ;;
    esac
done
rm -f "$edges.model"

# Circles between rooms: tsort reports a cycle on stderr.
if [ -s "$edges" ] &&
    sort -u "$edges" | tsort 2>&1 >/dev/null | grep -q .; then
    echo "check-layers: rooms include each other in a circle:"
    sort -u "$edges" | tsort 2>&1 >/dev/null | sed 's/^/  /'
    bad=1
fi

if [ $bad -eq 0 ]; then
    echo "check-layers: $(echo "$files" | wc -l | tr -d ' ') files follow the include rules"
fi
exit $bad
