#!/bin/sh
# tests/golden/run-golden.sh -- run one golden test: NAME.cmd, compare
# with NAME.out.
#
# NAME.cmd holds one shell command line (it may chain commands with &&,
# ; or |); lines starting with '#' are comments, except
#     # requires: PROG ...
# which skips the test (exit 77) when a PROG is not on PATH.  In the
# command, @SPORE@ is the spore program and @SRCDIR@ the source tree.
# It runs in a fresh temporary directory (copy models there, so that
# paths in the output and trails written beside a model stay local).
# Its stdout, followed by a line "exit: N" with its exit status, must
# equal NAME.out byte for byte; stderr is not compared (use 2>&1).
#
# Usage: run-golden.sh tests/golden/NAME.cmd   (SPORE, SRCDIR from the
# environment, as `make check` sets them; defaults: ./spore, .)
# GOLDEN_UPDATE=1 rewrites NAME.out from the actual output instead.
# Exit status: 0 pass, 1 fail, 77 skip, 99 hard error (automake's).

cmd_file=$1
case $cmd_file in
    *.cmd) ;;
    *) echo "usage: $0 NAME.cmd" >&2; exit 99 ;;
esac
[ -f "$cmd_file" ] || { echo "$0: no $cmd_file" >&2; exit 99; }
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
cmd_file=$(abs "$cmd_file")
out_file=${cmd_file%.cmd}.out
SPORE=${SPORE:-./spore}
SRCDIR=${SRCDIR:-.}
SPORE=$(abs "$SPORE")
SRCDIR=$(cd "$SRCDIR" && pwd)

for prog in $(sed -n 's/^# *requires: *//p' "$cmd_file"); do
    if ! command -v "$prog" >/dev/null 2>&1; then
        echo "SKIP: $prog is not available"
        exit 77
    fi
done

cmd=$(grep -v '^#' "$cmd_file" | sed -e "s|@SPORE@|$SPORE|g" \
                                      -e "s|@SRCDIR@|$SRCDIR|g")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
(cd "$tmp" && sh -c "$cmd" </dev/null >"$tmp/.actual" 2>"$tmp/.stderr";
 echo "exit: $?" >>"$tmp/.actual")

if [ "${GOLDEN_UPDATE:-0}" = 1 ]; then
    cp "$tmp/.actual" "$out_file"
    echo "updated $out_file"
    exit 0
fi
if [ ! -f "$out_file" ]; then
    echo "FAIL: no $out_file; the output was:"
    cat "$tmp/.actual"
    exit 1
fi
if cmp -s "$out_file" "$tmp/.actual"; then
    exit 0
fi
echo "FAIL: $(basename "$cmd_file"): output differs from $(basename "$out_file")"
diff -u "$out_file" "$tmp/.actual" | head -60
echo "--- stderr:"
head -20 "$tmp/.stderr"
exit 1
