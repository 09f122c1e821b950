/* break leaves the innermost do loop. */
byte i, j;

active proctype P()
{
    do
    :: i < 2 ->
        j = 0;
        do
        :: j < 2 -> j++
        :: j == 2 -> break
        od;
        i++
    :: i == 2 -> break
    od;
    assert(i == 2 && j == 2)
}
