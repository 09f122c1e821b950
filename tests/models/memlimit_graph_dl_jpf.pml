/* spore-options: --por=dl-jpf --memlimit=2400K */
/* Issue 10, item 4: running out of memory in --por=dl-jpf is a result.  The
 * store alone of this model fits in the limit (about 2.3 MB: --por=none
 * verifies it with the same --memlimit), the visited graph, its labels and the strategy's own arrays do not; the search must end
 * INCOMPLETE ("out of memory", exit 4) with its statistics, never exit
 * 5 or crash.  Four processes would do; three keep O-DPOR quick. */
byte x;

proctype P(byte k)
{
    x = (x * 3 + k) % 31;
    x = (x * 5 + k) % 31;
    x = (x * 7 + k) % 31;
    x = (x * 3 + k) % 31;
    x = (x * 5 + k) % 31;
    x = (x * 7 + k) % 31
}

init {
    atomic { run P(1); run P(2); run P(3) }
}
