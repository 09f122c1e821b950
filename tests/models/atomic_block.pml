/* An atomic sequence that blocks halfway loses atomicity there and
 * resumes when its next statement becomes executable. */
byte g;

active proctype A()
{
    atomic { g = 1; g == 2; g = 3 }
}

active proctype B()
{
    g == 1; g = 2
}
