/* hidden/show/local and unsigned bit fields are tier 2 */
hidden byte h;
unsigned u : 3 = 1;
mtype:fruit = { apple, pear };

active proctype P() { xr c; skip }
