/* bit/bool truncate like v & 1 (pan uses 1-bit fields); no error */
bit b;
bool c;
init {
  b = 2; c = 2;
  assert(b == 0 && c == 0);
  b = 3; c = 5;
  assert(b == 1 && c == 1)
}
