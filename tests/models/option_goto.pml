/* A goto that opens an if/do option is a step of its own in SPIN, even
 * when it is the only option (reduced from BEEM bopdp.3).  spin -o3: the
 * state at `relay' is stored. */
byte x;
active proctype P()
{
start:
    if
    :: x < 3 -> x++; goto relay
    :: x == 3 -> x = 0; goto start
    fi;
relay:
    if
    :: goto start
    fi
}
