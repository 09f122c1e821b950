#!/bin/sh
# tests/man-lint.sh -- lint the hand-written man pages (conventions R14).
#
# Runs `groff -man -ww -z` on man/spore.1, man/spore-lang.7 and
# man/spore-clientgen.1 and fails on
# any warning; also runs `mandoc -Tlint` when mandoc is installed.
# Exit status (automake): 0 pass, 1 warnings, 77 groff absent, 99 error.

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}

if ! command -v groff >/dev/null 2>&1; then
    echo "SKIP: groff is not installed"
    exit 77
fi

status=0
for page in "$SRCDIR/man/spore.1" "$SRCDIR/man/spore-lang.7" \
            "$SRCDIR/man/spore-tutorial.7" \
    "$SRCDIR/man/spore-clientgen.1"; do
    if [ ! -f "$page" ]; then
        echo "missing $page" >&2
        exit 99
    fi
    out=$(groff -man -ww -z "$page" 2>&1)
    if [ -n "$out" ]; then
        echo "FAIL: groff warnings in ${page#"$SRCDIR"/}:"
        printf '%s\n' "$out" | sed 's/^/  /'
        status=1
    else
        echo "ok: groff ${page#"$SRCDIR"/}"
    fi
    if command -v mandoc >/dev/null 2>&1; then
        # style-level messages are advice; warnings and errors fail
        out=$(mandoc -Tlint -Wwarning "$page" 2>&1)
        if [ -n "$out" ]; then
            echo "FAIL: mandoc warnings in ${page#"$SRCDIR"/}:"
            printf '%s\n' "$out" | sed 's/^/  /'
            status=1
        else
            echo "ok: mandoc ${page#"$SRCDIR"/}"
        fi
    fi
done
exit $status
