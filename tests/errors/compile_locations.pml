/* A proctype has at most 65535 control locations (spore(1), LIMITS).
 * Inline calls nested four deep make 8^4 * 16 = 65536 statements here;
 * the error names the proctype and a note shows where the first
 * location past the limit begins, and compiling stops there: the
 * undeclared name in the next proctype is not reported. */
byte x;

inline four() { x++; x++; x++; x++; x++; x++; x++; x++;
                x++; x++; x++; x++; x++; x++; x++; x++ }
inline three() { four(); four(); four(); four();
                 four(); four(); four(); four() }
inline two() { three(); three(); three(); three();
               three(); three(); three(); three() }
inline one() { two(); two(); two(); two(); two(); two(); two(); two() }

active proctype big()
{
    one();
    one();
    one();
    one();
    one();
    one();
    one();
    one()
}

active proctype later()
{
    undeclared = 1
}
