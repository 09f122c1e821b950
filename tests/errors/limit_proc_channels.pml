/* The channels of the active processes count too: 3 x 100 in the
 * initial state, more than 255. */
active [3] proctype P()
{
    chan q[100] = [1] of { byte };

    q[0]!1
}
