byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
ltl small { [] (x < 3) }
ltl bounded { [] (x <= 3) }
ltl p3 { []<> (x == 3) }
