/* a sequence of three statements in init */
byte x;
init { x = 1; x = 2; x = 3 }
