byte n;
active proctype p()
{
    do
    :: n < 2 -> n++
    :: else -> break
    od;
    d_step { n++; n++ }
}
