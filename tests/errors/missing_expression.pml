byte x;

active proctype P()
{
    x = ;
    x = x +
}
