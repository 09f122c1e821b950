/* spore-options: -c0 */
/* E1 (design/por-algorithms.md §8): S-POR's exponential reduction.
 * Three processes, each two local steps.  Full search: (k+1)^n local
 * combinations plus the three process deaths (40 states); S-POR walks
 * one path (n*k + 1 = 7, plus deaths: 10).  test_por.c checks the
 * reduced counts of every mode. */
active [3] proctype T() { byte l; l++; l++ }
