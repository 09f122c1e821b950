/* unless around a do loop, and what happens when main ends.  P counts
 * x up to 2, breaks out and sets x = 5 (all of it main); Q sets y = 1
 * and then y = 2.  While P is in main, y > 0 escapes to x = 9; once
 * main has ended the escape no longer applies, and P waits for y == 2
 * with x == 5.
 *
 * spin -a -o3 unless_do.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 50 states stored, 27 matched,
 * 77 transitions; pan without -DNOREDUCE: errors: 0. */
byte x, y;
active proctype P()
{
    { do
      :: x < 2 -> x++
      :: x == 2 -> break
      od;
      x = 5
    } unless { y > 0 -> x = 9 };
    y == 2;
    assert(x == 5 || x == 9)
}
active proctype Q() { y = 1; y = 2 }
