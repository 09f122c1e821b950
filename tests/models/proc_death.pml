/* Process death is LIFO: a process that has ended stays until every
 * process created after it has gone, so pids are reused in LIFO order. */
bool stop;

proctype quick() { skip }

proctype slow() { stop }

init
{
    byte a, b, c;
    atomic { a = run quick(); b = run slow() };
    (_nr_pr == 3);          /* quick has ended but cannot be removed yet */
    stop = true;
    (_nr_pr == 1);
    c = run quick();
    assert(a == 1 && b == 2 && c == 1)
}
