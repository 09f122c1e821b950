/* A labelled goto is a step of its own in SPIN: the label needs a state
 * (from the SPIN book's p337 presentation layer: `progress: goto L').
 * spin -o3 stores the state at `again'. */
byte x;
active proctype P()
{
top:
    if
    :: x < 3 -> x++
    :: x == 3 -> x = 0
    fi;
again:
    goto top
}
