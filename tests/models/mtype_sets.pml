/* Several mtype sets (mtype:name): each set is numbered on its own,
 * from 1, in reverse order within one declaration, a later declaration
 * of the same set continuing it (SPIN: rel=2 req=1 grant=3; no=2 ok=1;
 * the plain mtype's a=1); variables, message fields, typedef fields and
 * parameters may have a set's type.  printm of a variable of a set
 * prints the set's name for its value.
 *
 * pan: spin -a -o3 mtype_sets.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   State-vector 72 byte, depth reached 36, errors: 0
 *       285 states, stored
 *       226 states, matched
 *       511 transitions (= stored+matched)
 */
mtype:cmd = { rel, req };
mtype:reply = { no, ok };
mtype = { a };
mtype:cmd = { grant };

typedef Msg { mtype:cmd c; byte from };

chan toSrv = [2] of { mtype:cmd, byte };
chan toCli[2] = [1] of { mtype:reply };
mtype:cmd last;
bool busy;

proctype client(byte id; mtype:cmd first)
{
    mtype:reply r;
    Msg m;
    m.c = first;
    m.from = id;
    toSrv!m.c, m.from;
    toCli[id]?r;
    if
    :: r == ok -> toSrv!rel, id
    :: r == no
    fi
}

active proctype server()
{
    mtype:cmd c;
    byte who;
end:
    do
    :: toSrv?c, who ->
       last = c;
       if
       :: c == req && !busy -> busy = true; toCli[who]!ok
       :: c == req && busy -> toCli[who]!no
       :: c == rel -> busy = false
       fi
    od
}

init
{
    assert(rel == 2 && req == 1 && grant == 3 && no == 2 && ok == 1
           && a == 1);
    atomic { run client(0, req); run client(1, req) }
}
