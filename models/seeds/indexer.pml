/*
 * indexer.pml -- Indexer(N) (Flanagan and Godefroid, POPL 2005), as used
 * by the bounded-POR (001) and eager-POR (004) seeds.
 *
 * N threads insert into one shared hash table of SIZE = 128 cells by
 * open addressing.  Thread t inserts 4 messages w = STRIDE*m + t
 * (m = 1..4) at home cell h = 7*w mod 128; each insertion is a CAS of
 * table[h] from 0 to w, and after a failed CAS the thread probes
 * h = (h+1) mod 128.  A successful or failed CAS is one step (d_step).
 *
 * With the original STRIDE = 11, threads t and t+11 collide (on three
 * messages, with equal values), so the seed's benchmark needs N >= 12:
 * 1, 8, 64, 512, 4096, 32768 traces for N = 11..16.  Without reduction
 * a stateful search of 12 threads is far out of reach (the product of
 * 12 local state spaces), so the default here keeps the seed's shape at
 * a small scale: STRIDE = 1, where threads t and t+1 collide on three
 * messages each, exactly as t and t+11 do in the original.  The loser
 * of such a race stores the same value in the next cell, so both orders
 * end in the same table: state matching merges them.
 *
 * Parameters:  N       number of threads (default 3; 4 has 2.9 million states)
 *              STRIDE  message spacing (default 1; the seed uses 11)
 * Property:    every insertion takes its own cell: the last thread to
 *              finish counts 4*N full cells (assert).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/indexer.pml
 *              spore -DN=2 models/seeds/indexer.pml
 *              spore -DN=12 -DSTRIDE=11 --por=... (needs reduction)
 */

#ifndef N
#define N 3
#endif
#ifndef STRIDE
#define STRIDE 1
#endif
#define SIZE 128

byte table[SIZE];
byte finished;          /* threads done inserting */

active [N] proctype thread()
{
    byte m, w, h;

    for (m : 1 .. 4) {
        w = STRIDE * m + _pid;
        h = (7 * w) % SIZE;
        do
        :: d_step { table[h] == 0 -> table[h] = w } ->    /* CAS ok */
            break
        :: d_step { table[h] != 0 ->                      /* CAS failed */
                    h = (h + 1) % SIZE }
        od
    }
    finished++;
    if
    :: finished == N ->                 /* the last thread checks */
        d_step {
            w = 0;
            for (h : 0 .. SIZE - 1) {
                if
                :: table[h] != 0 -> w++
                :: else
                fi
            }
            assert(w == 4 * N);     /* every insertion has its cell */
            w = 0; h = 0; m = 0
        }
    :: else
    fi
}
