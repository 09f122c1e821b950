/* spore-options: -c0 --outcomes=x */
/* Issue 11 ("races that cannot happen", engine/por/por_dl.c): a join
 * on _nr_pr that CAN be taken before a lower-pid thread moves.  Once B
 * (pid 2) is gone, init's (_nr_pr == 2) races with A's (pid 1) death:
 * A first leaves init blocked for good (an invalid end state), init
 * first sets x.  DE and DL must keep this _nr_pr conflict (the guard
 * admits _nr_pr == 2 >= pid 1 + 1). */
byte x;
proctype A() { skip }
proctype B() { skip }
init {
    atomic { run A(); run B() };
    (_nr_pr == 2);
    x = 1
}
