/* Two rules of SPIN's front end: an array indexed with an element of
 * itself on the left of an assignment ("do not index an array with
 * itself"), and one variable receiving two fields of a message ("cannot
 * use var in multiple msg fields"). */
chan c = [1] of { byte, byte };
byte a[4], b[4];

active proctype P()
{
    byte x, y;

    a[a[1]] = 1;
    a[a[1]]++;
    a[b[1]] = 2;
    b[1] = a[a[1]];
    c!1, 2;
    c?x, x;
    c!1, 2;
    c?a[0], a[0];
    c!1, 2;
    c?x, y
}
