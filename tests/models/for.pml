/* for (i : lo .. hi) over a range; arrays. */
#define N 4
byte a[N];

active proctype P()
{
    byte i, total;
    for (i : 0 .. N - 1) {
        a[i] = i * 2
    }
    for (i : 0 .. N - 1) {
        total = total + a[i]
    }
    assert(total == 12)
}
