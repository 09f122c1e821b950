/* Block scope (SPIN 6.4+): a name declared in a block is gone after it,
 * and a block cannot declare a name that is visible where it stands
 * (SPIN: "redeclaration of 'I'", "undeclared variable: I"). */
active proctype p()
{
    atomic { byte I; I = 5 };
    I = 3;
    byte J;
    d_step { byte J = 1 };
    { byte K; atomic { byte K } }
}
