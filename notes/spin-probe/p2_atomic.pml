/* the same three statements inside atomic */
byte x;
init { atomic { x = 1; x = 2; x = 3 } }
