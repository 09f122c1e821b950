/* unless and atomic.  A: an unless inside an atomic sequence; the
 * escape is tried first at each location of main, so once B has set y
 * the sequence ends through it.  C: an atomic sequence and a d_step
 * inside main; the escape is tried at every location of main, the
 * inner ones of the atomic sequence included (where C keeps the CPU
 * unless it blocks at `y != 1'), but not inside the d_step, which is
 * one step.  (An unless inside a d_step is an error:
 * tests/errors/unless_bad.pml.)
 *
 * spin -a -o3 unless_atomic.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 136 states stored, 74 matched,
 * 210 transitions; pan without -DNOREDUCE: errors: 0. */
byte x, y, z;
active proctype A()
{
    atomic {
        x < 3 -> { x++; x++; y == 0 -> x++ } unless { y == 1 -> x = 10 }
    };
    assert(x == 3 || x == 10)
}
active proctype B() { y = 1 }
active proctype C()
{
    { atomic { z < 3 -> z++; y != 1; z++ };
      d_step { z++; z++ };
      z++
    } unless { y == 1 -> z = z + 20 };
    assert(z == 5 || z >= 20)
}
