byte g;

active proctype p()
{
    bool ok;
    do
    :: g < 3 -> d_step { g++; ok = true }
    :: g < 3 -> g++
    :: else -> break
    od
}
