/* The same for the channel limit (255 at a time, as in SPIN): each R
 * makes 100 channels. */
proctype R()
{
    chan c[100] = [1] of { byte };

    c[99]!1
}

init
{
    run R();
    run R();
    run R()
}
