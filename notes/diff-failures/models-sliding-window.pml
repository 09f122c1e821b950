byte g;

active proctype s()
{
    byte n;
    do
    :: atomic {
        n < 2 ->
        if
        :: g++
        :: skip
        fi;
        n++
       }
    :: n == 2 -> break
    od
}
