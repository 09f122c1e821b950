/*
 * readers-writers.pml -- the first readers-writers problem solved with
 * two semaphores (Courtois, Heymans and Parnas, 1971).
 *
 * Readers share the resource, writers need it alone.  The first reader
 * in locks out the writers (P(wrt)), the last reader out lets them in
 * (V(wrt)); `mutex' protects the reader count.  Readers have priority,
 * so writers may starve, but that is a liveness question; here we check
 * safety.  Semaphores are bytes; P is one atomic wait-and-decrement.
 *
 * Parameters:  NR  number of readers (default 2)
 *              NW  number of writers (default 2)
 * Property:    a writer is alone in the resource: never two writers,
 *              never a writer and a reader (assert in both).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/readers-writers.pml
 *
 * Remove the reader's P(wrt) (-DBUG) and a writer can write while
 * readers read: VIOLATED.
 */

#ifndef NR
#define NR 2
#endif
#ifndef NW
#define NW 2
#endif

byte mutex = 1;         /* protects readcount */
byte wrt = 1;           /* held by one writer or by the readers */
byte readcount;         /* readers inside or entering */
byte nreaders;          /* readers in the resource */
byte nwriters;          /* writers in the resource */

inline P(s) { atomic { s > 0 -> s-- } }
inline V(s) { s++ }

active [NR] proctype reader()
{
    do
    :: P(mutex);
        readcount++;
        if
#ifndef BUG
        :: readcount == 1 -> P(wrt)     /* first reader locks writers out */
#endif
        :: else
        fi;
        V(mutex);

        nreaders++;                     /* read */
        assert(nwriters == 0);
        nreaders--;

        P(mutex);
        readcount--;
        if
#ifndef BUG
        :: readcount == 0 -> V(wrt)     /* last reader lets them in */
#endif
        :: else
        fi;
        V(mutex)
    od
}

active [NW] proctype writer()
{
    do
    :: P(wrt);
        nwriters++;                     /* write */
        assert(nwriters == 1 && nreaders == 0);
        nwriters--;
        V(wrt)
    od
}
