byte x; /* this comment
never ends

active proctype P() { x = 1 }
