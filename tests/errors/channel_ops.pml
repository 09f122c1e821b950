/* sorted send, random receive, polling and copy receive are tier 2 */
chan c = [2] of { byte };
byte x;

active proctype P()
{
    c!!1;
    c??x;
    c?[x] -> c?<x>
}
