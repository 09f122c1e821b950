/* Only a global can be hidden (SPIN: "cannot hide non-globals"); a
 * hidden global is accepted with a warning (spore stores it). */
hidden byte g;

active proctype p()
{
    hidden byte h;
    show byte s;
    local byte l;
    g = h + s + l
}
