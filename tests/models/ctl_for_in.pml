/* for (x in a) over an array (spore-lang(7), Control): x runs over the
 * indices 0 .. len - 1, as `for (x : 0 .. N-1)' (SPIN 6.5.2 expands it
 * so); break leaves the loop, x keeps its last value.  q fills b while
 * p sums it, in any interleaving; p's nested loops use the outer index.
 *
 * spin -a -o3 ctl_for_in.pml && gcc -O2 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 6164 states stored, 5057 matched, 11221 transitions
 * pan without -DNOREDUCE: errors: 0. */
byte a[4];
byte b[3];
int sum;
active proctype p() {
    byte i, j;
    for (i in a) { a[i] = i };
    assert(i == 4);
    for (i in b) {
        for (j in a) { sum = sum + a[j] * b[i] }
    };
    assert(sum <= 6 * 6 && i == 3 && j == 4);
    for (j in a) { if :: a[j] == 2 -> break :: else fi };
    assert(j == 2)
}
active proctype q() {
    byte k;
    for (k in b) { b[k] = k + 1 }
}
