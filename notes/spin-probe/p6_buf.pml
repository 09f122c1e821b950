/* the same over a buffered channel */
chan c = [1] of { byte };
byte r;
active proctype S() { c!5 }
active proctype R() { c?r }
