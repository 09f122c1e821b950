/* An unless that opens an option.  The loop's head is a location of its
 * main (main's first statement is there), so pan puts the escape there
 * for every option of the loop: at the head `stop' stops the other
 * `n++' too.  Two unless statements opening the options of one if: pan
 * puts both escapes at its location, the later one first, so w ends
 * as 2.
 *
 * spin -a -o3 unless_option.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 88 states stored, 44 matched,
 * 132 transitions; pan without -DNOREDUCE: errors: 0. */
byte n, stop, w;
active proctype P()
{
    do
    :: { n < 4 -> n++ } unless { stop == 1 -> break }
    :: n < 4 -> n++
    :: n == 4 -> break
    od;
    if
    :: { w == 9 } unless { true -> w = 1 }
    :: { w == 9 } unless { true -> w = 2 }
    fi;
    assert(w == 2)
}
active proctype Q() { stop = 1 }
