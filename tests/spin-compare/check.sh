#!/bin/sh
# tests/spin-compare/check.sh -- `make check` test: compare spore with
# SPIN on the models of sample.list (see spin-compare for the method).
#
# Skips (exit 77) when spin, a C compiler or the corpus is absent.
# Environment: SPORE and SRCDIR (set by Makefile.am), CORPUS (default
# $SRCDIR/../shared/corpus), SPIN, CC, TIMEOUT (default 30 s per run).
# Exit status: 0 all verdicts equal, 1 a verdict differs, 77 skip, 99 hard
# error.  Differing state counts are reported but do not fail the test;
# explain them in tests/spin-compare/DIFFERENCES.md.

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(cd "$here/../.." && pwd)}
CORPUS=${CORPUS:-$SRCDIR/../shared/corpus}
SPIN=${SPIN:-spin}
CC=${CC:-cc}
export SRCDIR CORPUS SPIN CC

if ! command -v "$SPIN" >/dev/null 2>&1; then
    echo "SKIP: '$SPIN' is not installed"
    exit 77
fi
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "SKIP: no C compiler '$CC' to build SPIN's pan"
    exit 77
fi
if [ ! -d "$CORPUS" ]; then
    echo "SKIP: no corpus at $CORPUS (set CORPUS)"
    exit 77
fi
if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ]; then
    echo "spore binary not found (SPORE='${SPORE:-}')" >&2
    exit 99
fi

TIMEOUT=${TIMEOUT:-30} sh "$here/spin-compare" \
    "$here/sample.list" 2>&1
rc=$?
case $rc in
0|1) exit $rc ;;
*) exit 99 ;;
esac
