/* mtype declarations and values; printm. */
mtype = { red, green };
mtype = { blue };
mtype light = red;

active proctype P()
{
    do
    :: light == red -> light = green
    :: light == green -> light = blue
    :: light == blue -> printm(light); break
    od;
    assert(light == blue && red != green)
}
