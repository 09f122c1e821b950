/* A goto under an end (or progress, accept) label is a step of its own
 * in SPIN: the label's mark needs a state (the SPIN book's p337
 * presentation layer: `progress: goto TRANSFER'; spore rejects progress
 * and accept labels until liveness lands, and an end label gives pan the
 * same counts); under an ordinary label (`again') the goto is folded
 * away like any jump. */
byte x, y;
active proctype P()
{
top:
    if
    :: x < 3 -> x++
    :: x == 3 -> x = 0; goto mark
    fi;
again:
    goto top;
mark:
    y = 1 - y;
end:
    goto top
}
