/* a rendezvous: one send, one receive */
chan c = [0] of { byte };
byte r;
active proctype S() { c!5 }
active proctype R() { c?r }
