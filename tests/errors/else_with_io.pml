chan c = [1] of { byte };
active proctype P() { if :: c!0 :: else -> skip fi }
