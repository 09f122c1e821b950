/* Names SPIN refuses: a label with the name of a variable, an mtype
 * constant or a proctype ("bad label-name"), and a typedef declared
 * twice.  A channel created inside a typedef is not supported yet
 * (spore used to leave it uncreated and report a bad channel). */
mtype = { red };
byte g;

typedef T { byte x };
typedef T { byte y };
typedef U { chan c = [1] of { byte } };

proctype Q()
{
    skip
}

active proctype P()
{
    byte v;

g:  skip;
v:  skip;
red: skip;
Q:  skip;
ok: skip
}
