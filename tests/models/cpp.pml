/* The C preprocessor: #include, #define, function-like macros, #if. */
#include "cpp_inc.h"
#define twice(x) ((x) * 2)
#define DEBUG 0

byte n;

active proctype P()
{
    do
    :: n < LIMIT -> n++
    :: else -> break
    od;
#if DEBUG
    printf("n = %d\n", n);
#else
    assert(twice(n) == 6);
#endif
#ifdef UNDEFINED_THING
    assert(false)
#endif
    skip
}
