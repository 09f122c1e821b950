/* Priorities SPIN 6.5.2 rejects: a tag outside 1 .. 255 (on a
 * proctype, active or not, or on run), _priority outside a process. */
byte g = _priority;
active proctype P() priority 0 { skip }
proctype Q() priority 256 { skip }
init { run Q() priority 300 }
