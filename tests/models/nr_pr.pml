/* _nr_pr counts running processes; waiting for it is a join. */
byte done;

proctype w()
{
    done++
}

init
{
    run w(); run w();
    _nr_pr == 1;
    assert(done == 2)
}
