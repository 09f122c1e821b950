/* An ltl formula with a syntax error is reported in the model's file,
 * at the formula's line. */
byte x;

active proctype P() { x++ }

ltl bad { [] (x == 1 U) }
