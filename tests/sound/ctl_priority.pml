/* spore-options: -c0 --outcomes=x,y,done */
/* Process priorities (spore-lang(7), Priorities), as pan 6.5.2 applies
 * them in verification: only the processes of the highest priority among
 * those that can move may move.  Hi (3) waits for y == 1; Lo, inside
 * its atomic sequence, sets it and Hi takes over at once; Hi raises Lo
 * above Mid with set_priority and lowers itself with _priority; Mid
 * (2) can move only when nothing of a higher priority can.  A process
 * started by run gets 1 unless `run P() priority N' says otherwise
 * (pan ignores a non-active proctype's tag there); active processes and
 * init get their tag.  get_priority of a pid that does not run is 0.
 * Every step depends on every other here (frontend/lower.c), so the
 * reductions explore the full state space.
 *
 * spin -a -o3 ctl_priority.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -c0   (Spin 6.5.2) errors: 0, 40 states stored, 7 matched,
 *   47 transitions.  Without the priorities (tags, set_priority,
 *   _priority and the asserts on them removed): 59 states stored. */
byte x, y, done;
active proctype Lo() priority 1 {
    do
    :: x < 3 -> x++
    :: x == 3 -> break
    od;
    atomic { y = 1; x == 4; y = 2 };
    done++
}
active proctype Hi() priority 3 {
    y == 1;
    x = 4;
    set_priority(0, 5);
    _priority = 2;
    assert(get_priority(_pid) == 2 && get_priority(9) == 0);
    done++
}
active proctype Mid() priority 2 {
    if
    :: y == 2
    :: timeout
    fi;
    done++
}
init {
    done == 3;
    run Mid() priority 4;
    run Mid();
    assert(_priority == 1)
}
