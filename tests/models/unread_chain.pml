byte g; byte h; byte k;
active proctype P() { do :: g < 2 -> g++ :: g < 2 -> h = 1 :: g < 2 -> k = h :: g == 2 -> break od }
