/* printf has no effect on the state (it is still a statement). */
byte x;

active proctype P()
{
    printf("x is %d\n", x);
    x = 1;
    printf("x is now %d, pid %d\n", x, _pid)
}
