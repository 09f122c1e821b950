/* spore-options: -c0 */
/* Two processes take two locks in opposite orders: invalid end state. */
bool l1, l2;

active proctype A()
{
    atomic { !l1 -> l1 = true };
    atomic { !l2 -> l2 = true };
    l2 = false; l1 = false
}

active proctype B()
{
    atomic { !l2 -> l2 = true };
    atomic { !l1 -> l1 = true };
    l1 = false; l2 = false
}
