int x = 2147483647;
int y = 4294967296;
int z = 12abc;
