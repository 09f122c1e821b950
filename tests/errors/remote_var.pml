/* SPIN's remote variable reference proc[pid]:var is not supported: the
 * syntax error says so */
active proctype P() { byte v; v = 1 }
active proctype Q() { byte w; w = P[0]:v }
