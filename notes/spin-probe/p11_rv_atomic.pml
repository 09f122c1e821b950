/* rendezvous send inside atomic: who continues? */
chan c = [0] of { byte };
byte x, y, z;
active proctype S() { atomic { x = 1; c!5; x = 2 } }
active proctype R() { atomic { c?y; y = 7; y = 8 } }
active proctype O() { z = 1 }
