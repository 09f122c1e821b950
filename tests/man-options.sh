#!/bin/sh
# tests/man-options.sh -- spore(1) documents every option `spore --help`
# lists (issue 14, item 15): each long option --NAME and each short
# option -X of the help text must appear in man/spore.1 as \-\-NAME or
# \-X (the man page's spelling of the dashes).
# Environment: SPORE (the program), SRCDIR (the source tree).
# Exit status (automake): 0 pass, 1 an option is missing, 99 error.

set -u

here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$(dirname "$here")}
page=$SRCDIR/man/spore.1

if [ -z "${SPORE:-}" ] || [ ! -x "$SPORE" ] || [ ! -f "$page" ]; then
    echo "$0: SPORE or $page missing" >&2
    exit 99
fi
help=$("$SPORE" --help) || exit 99
status=0
for opt in $(printf '%s\n' "$help" | grep -o -e '--[a-z][a-z-]*' |
             sort -u) \
           $(printf '%s\n' "$help" | sed -n 's/^  \(-[A-Za-z]\),.*/\1/p'); do
    man=$(printf '%s\n' "$opt" | sed 's/-/\\\\-/g')
    if ! grep -q -e "$man" "$page"; then
        echo "FAIL: $opt is in 'spore --help' but not in man/spore.1"
        status=1
    fi
done
[ $status -eq 0 ] && echo "PASS: every option of 'spore --help' is in spore(1)"
exit $status
