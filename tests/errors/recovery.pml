/* one message per broken statement: the parser recovers and goes on */
byte x, y;

active proctype P()
{
    x = = 1;
    y = 2;
    x = (y + ;
    y = 3
}

init {
    run P(;
    x = 4
}
