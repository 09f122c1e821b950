/* pid order of active proctypes and init */
active proctype A() { printf("A pid %d\n", _pid) }
init { printf("init pid %d\n", _pid) }
active [2] proctype B() { printf("B pid %d\n", _pid) }
