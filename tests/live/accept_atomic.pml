/* -a without a claim: a state inside an atomic sequence is neither
 * stored nor a seed of the nested search, so an accept label there
 * makes no acceptance cycle (SPIN 6.5.2: spin -a; gcc -DNOREDUCE;
 * ./pan -a -> errors: 0, 1 state stored, 1 matched). */
byte x;

active proctype P()
{
    do
    :: atomic { x = 1; accept: x = 2; x = 0 }
    od
}
