/* rendezvous send in atomic to a receiver that is not atomic */
chan c = [0] of { byte };
byte x, y, z;
active proctype S() { atomic { x = 1; c!5; x = 2 } }
active proctype R() { c?y; y = 7 }
active proctype O() { z = 1 }
