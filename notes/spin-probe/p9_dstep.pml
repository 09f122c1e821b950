/* d_step: one transition */
byte x;
init { d_step { x = 1; x = 2; x = 3 } }
