byte g; byte h;
active proctype P() { do :: g < 2 -> g++ :: g < 2 -> h++ :: g == 2 -> break od }
