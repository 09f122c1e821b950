# Past --dot-limit no picture is written, with a message; the search
# itself is unaffected.
@SPORE@ --quiet --no-trail --dot=g.dot --dot-limit=10 @SRCDIR@/models/teaching/02-safe-sets.pml >/dev/null 2>err; echo "exit $?"; cat err; test -f g.dot && echo "g.dot written" || echo "no g.dot"
