/* Assignment truncates to the variable's type; expressions are int. */
byte b;
short s;
bit t;
int i;

active proctype P()
{
    b = 255; b++;
    assert(b == 0);
    b = 250 + 10;
    assert(b == 4);
    s = 32767; s++;
    assert(s == -32768);
    t = 3;
    assert(t == 1);
    i = 2147483647; i++;
    assert(i < 0);
    assert(200 + 100 == 300)
}
