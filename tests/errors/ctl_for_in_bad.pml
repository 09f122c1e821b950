/* for (x in a): what SPIN 6.5.2 rejects, and the channel form spore
 * does not support (it needs structures in messages). */
typedef M { byte v };
byte a[3];
byte n;
M m;
chan c = [2] of { byte };
init {
    byte i;
    for (i in n) { skip };
    for (a in a) { skip };
    for (m in a) { skip };
    for (i in c) { skip };
    for (m in c) { skip };
    for (i in m.v) { skip }
}
