/* spore-options: --expect=outcome_header.outcomes */
/* outcome_header: the expect file's "# outcomes:" header names the
 * variables (no --outcomes); every reachable outcome is admitted, one
 * admitted outcome (done=0) is never reached. */
mtype = { idle, busy, finished };
mtype st = idle;
bool done;
short total;

active proctype A()
{
    atomic { st = busy; total = total - 3 };
    if
    :: st = finished
    :: skip
    fi;
    done = true
}

active proctype B()
{
    total = total + 5
}
