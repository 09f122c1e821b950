/* Nested unless.  P: where both escapes are executable pan tries the
 * outer one first, so r ends as 2 (pan -J tries the inner one first and
 * then the outer one from inside the inner escape, which the outer
 * unless covers: 237 states instead of 190).  Q: the inner escape is
 * taken at k == 2; it then waits for go, but where go == 1 the outer
 * escape, which covers the inner escape too, goes first: s ends as 10
 * (go came before k == 2) or 11, never 1.
 *
 * spin -a -o3 unless_nested.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 190 states stored, 218 matched,
 * 408 transitions; pan without -DNOREDUCE: errors: 0. */
byte r, c, go, s;
active proctype P()
{
    { { do :: c < 2 -> c++ :: c >= 2 -> c = 0 od }
      unless { true -> r = 1 } }
    unless { true -> r = 2 };
    assert(r == 2)
}
active proctype Q()
{
    byte k;
    { { do :: k < 3 -> k++ od } unless { k == 2 -> s = 1; go == 1 } }
    unless { go == 1 -> s = s + 10 };
    assert(s == 10 || s == 11 && k == 2)
}
active proctype G() { go = 1 }
