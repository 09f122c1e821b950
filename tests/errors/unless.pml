/* 'unless' is tier 2 */
byte x;

active proctype P()
{
    { x = 1; x = 2 } unless { x > 5 }
}
