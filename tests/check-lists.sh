#!/bin/sh
# tests/check-lists.sh -- `make check' test: every test and every source
# file in the tree is in Makefile.am.
#
# automake needs its lists written out (TESTS, SOURCES), so a new test
# model or source file that nobody adds to Makefile.am would silently
# never run, or be missing from `make dist'.  This script compares the
# tree with Makefile.am and fails, naming the file, when:
#
#   1. a model test (NAME.pml with NAME.expected beside it, under
#      models/ or tests/{models,errors,bytecode,sound}/) is not listed;
#   2. a golden test (tests/golden/NAME.cmd) is not listed;
#   3. a .pml or .cmd listed in Makefile.am does not exist;
#   4. a file of the unit tests (tests/unit/*.c, *.h) is not listed;
#   5. a C source or header under util/ statestore/ lang/ frontend/
#      engine/ tools/ or the test programs' folders tests/{gen,ltl,fuzz,
#      bench}/ (generated parser and lexer outputs aside) is not named in
#      Makefile.am (SOURCES or EXTRA_DIST), directly or through a folder
#      listed whole.
#
# Prints one line per problem; exit status 0 when there is none, 1
# otherwise, 99 when the source tree cannot be read.
# Environment: SRCDIR (default: the tree this script is in).

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
cd "$SRCDIR" || exit 99
[ -f Makefile.am ] ||
    { echo "check-lists: no Makefile.am in $SRCDIR" >&2; exit 99; }

# Every path-like word of Makefile.am, one a line (comments dropped).
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-lists.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
sed 's/#.*//' Makefile.am | tr ' \t\\=' '\n\n\n\n' |
    grep '^[A-Za-z0-9_+-][A-Za-z0-9_./+-]*$' | sort -u >"$tmp/words"

bad=0

complain()
{
    echo "check-lists: $*"
    bad=1
}

# unlisted WHAT FILE...: complain about each FILE that is not a word of
# Makefile.am (a test must be listed by its own name)
unlisted()
{
    what=$1
    shift
    [ $# -gt 0 ] || return 0
    printf '%s\n' "$@" | grep -vxF -f "$tmp/words" | while read -r f; do
        echo "check-lists: $f $what"
    done >"$tmp/out"
    if [ -s "$tmp/out" ]; then
        cat "$tmp/out"
        bad=1
    fi
}

existing()
{
    for f in "$@"; do
        [ -f "$f" ] && echo "$f"
    done
}

# 1. model tests: a .pml with a .expected beside it
set -- $(for f in models/*.pml models/*/*.pml tests/models/*.pml \
              tests/errors/*.pml tests/bytecode/*.pml tests/sound/*.pml; do
             [ -f "$f" ] && [ -f "${f%.pml}.expected" ] && echo "$f"
         done)
nmodel=$#
unlisted "is a model test (it has a .expected) but is not in Makefile.am" \
    "$@"

# 2. golden tests
set -- $(existing tests/golden/*.cmd)
ngolden=$#
unlisted "is a golden test but is not in GOLDEN_TESTS in Makefile.am" "$@"

# 3. listed tests that do not exist
for f in $(grep '/.*\.\(pml\|cmd\)$' "$tmp/words"); do
    [ -f "$f" ] || complain "Makefile.am lists $f, which does not exist"
done

# 4. unit test programs and their parts
set -- $(existing tests/unit/test_*.c)
nunit=$#
set -- $(existing tests/unit/*.c tests/unit/*.h)
unlisted "is a unit test file but is not in Makefile.am" "$@"

# 5. sources, listed by name or through a folder listed whole
nsrc=0
for f in $(find util statestore lang frontend engine tools tests/gen \
           tests/ltl tests/fuzz tests/bench \
           \( -name '*.c' -o -name '*.h' -o -name '*.def' \) 2>/dev/null |
           sort); do
    case $f in
    lang/lexer.c|lang/parser.c|lang/parser.h) continue ;;
    esac
    nsrc=$((nsrc + 1))
    echo "$f"
done >"$tmp/src"
grep -vxF -f "$tmp/words" "$tmp/src" | while read -r f; do
    p=$f
    while case $p in */*) true ;; *) false ;; esac; do
        p=${p%/*}
        grep -qxF "$p" "$tmp/words" && continue 2
    done
    echo "check-lists: $f is not in Makefile.am (SOURCES or" \
         "EXTRA_DIST): it would be missing from make dist"
done >"$tmp/out"
if [ -s "$tmp/out" ]; then
    cat "$tmp/out"
    bad=1
fi
nsrc=$(wc -l <"$tmp/src" | tr -d ' ')

if [ $bad -eq 0 ]; then
    echo "check-lists: $nmodel model tests, $ngolden golden tests," \
         "$nunit unit tests, $nsrc sources: all in Makefile.am"
fi
exit $bad
