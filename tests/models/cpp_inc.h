/* Included by cpp.pml. */
#define LIMIT 3
