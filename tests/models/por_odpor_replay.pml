/* por_odpor_replay: three read-then-write increments of n, processes
 * kept alive at an end label.  O-DPOR's replay of visited paths once
 * kept the event of the edge into a finished replay state, so sibling
 * paths were replayed after a stale event: two of the six serial orders
 * (pid 0 first) were lost (--por-check: NO (ends)).  Regression. */
byte n;
active [3] proctype W()
{
    byte mine;
    mine = n; n = mine + 1;
end:
    do
    :: false
    od
}
