/* typedef structures, with an array field and an array of records. */
typedef pair {
    byte k;
    short v[2]
};

pair p;
pair table[2];

active proctype P()
{
    p.k = 3;
    p.v[1] = -5;
    table[1].k = p.k;
    table[1].v[1] = p.v[1];
    assert(table[1].k == 3 && table[1].v[1] == -5 && table[0].k == 0)
}
