/* A variable of a named mtype set takes only that set's constants
 * (SPIN: "'x' is type 'fruit' but 'leek' is type 'veg'"); one of the
 * plain mtype takes any.  A name belongs to one set only. */
mtype = { a };
mtype:fruit = { apple, pear };
mtype:veg = { leek };
mtype:veg = { apple };
mtype:fruit x = leek;
mtype y = apple;

init
{
    x = a;
    x = pear;
    y = leek
}
