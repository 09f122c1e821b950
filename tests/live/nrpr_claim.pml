/* pan counts the never claim as a process in _nr_pr (SPIN 6.5.2:
 * `spin -a; gcc -DNOREDUCE; ./pan' -> assertion violated, x == 2).
 * Process ids are not shifted: the claim has none. */
byte x;

active proctype P()
{
    x = _nr_pr;
    assert(x == 1 && _pid == 0)
}

never { do :: true od }
