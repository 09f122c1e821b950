/* No process would ever run (SPIN: "no runable process"): spore used to
 * say VERIFIED. */
active [0] proctype P()
{
    assert(false)
}

proctype Q()
{
    assert(false)
}
