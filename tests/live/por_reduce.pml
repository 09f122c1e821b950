/* S-POR under -a and -l where it reduces (tests/live/check.sh): three
 * workers sum numbers in local variables, then report; no cycle at all,
 * so no acceptance or non-progress cycle, and spor stores fewer states
 * than none.  SPIN 6.5.2: no errors (pan's counts in check.sh). */
byte done;

proctype W()
{
    byte i, s;
    do
    :: i < 4 -> s = s + i; i++
    :: i >= 4 -> break
    od;
    done++
}

init
{
    atomic { run W(); run W(); run W() };
progress:
    done == 3
}
