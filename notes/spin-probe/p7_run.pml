/* init runs two processes; pids and termination order */
byte n;
proctype P(byte k) { n = n + k }
init { run P(1); run P(2) }
