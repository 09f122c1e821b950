/* The predefined macros are gcc's, as under SPIN: `unix` and `linux`
 * are 1 even in a model without a preprocessor line, and __LINE__ is
 * the line. */
byte x = __LINE__;

active proctype P()
{
    byte unix;
    x = linux
}
