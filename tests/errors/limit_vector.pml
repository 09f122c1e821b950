/* A state takes at most 65535 bytes: two processes with 40000 bytes of
 * locals each do not fit in the initial state.  (A run that would pass
 * the limit during the search makes the search INCOMPLETE instead.) */
active [2] proctype P()
{
    int a[10000];

    a[0] = 1
}
