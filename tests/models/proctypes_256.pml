/* 256 proctypes, init included: SPIN 6.5.2's limit too (pan goes
 * wrong past it).  init runs each in turn.  Counts from pan (-DNOREDUCE):
 * 1023 stored, 0 matched, 1023 transitions. */
byte last;
proctype p0() { byte x = 0; last = 0 + x }
proctype p1() { byte x = 1; last = 1 + x }
proctype p2() { byte x = 2; last = 2 + x }
proctype p3() { byte x = 3; last = 3 + x }
proctype p4() { byte x = 4; last = 4 + x }
proctype p5() { byte x = 5; last = 5 + x }
proctype p6() { byte x = 6; last = 6 + x }
proctype p7() { byte x = 0; last = 7 + x }
proctype p8() { byte x = 1; last = 8 + x }
proctype p9() { byte x = 2; last = 9 + x }
proctype p10() { byte x = 3; last = 10 + x }
proctype p11() { byte x = 4; last = 11 + x }
proctype p12() { byte x = 5; last = 12 + x }
proctype p13() { byte x = 6; last = 13 + x }
proctype p14() { byte x = 0; last = 14 + x }
proctype p15() { byte x = 1; last = 15 + x }
proctype p16() { byte x = 2; last = 16 + x }
proctype p17() { byte x = 3; last = 17 + x }
proctype p18() { byte x = 4; last = 18 + x }
proctype p19() { byte x = 5; last = 19 + x }
proctype p20() { byte x = 6; last = 20 + x }
proctype p21() { byte x = 0; last = 21 + x }
proctype p22() { byte x = 1; last = 22 + x }
proctype p23() { byte x = 2; last = 23 + x }
proctype p24() { byte x = 3; last = 24 + x }
proctype p25() { byte x = 4; last = 25 + x }
proctype p26() { byte x = 5; last = 26 + x }
proctype p27() { byte x = 6; last = 27 + x }
proctype p28() { byte x = 0; last = 28 + x }
proctype p29() { byte x = 1; last = 29 + x }
proctype p30() { byte x = 2; last = 30 + x }
proctype p31() { byte x = 3; last = 31 + x }
proctype p32() { byte x = 4; last = 32 + x }
proctype p33() { byte x = 5; last = 33 + x }
proctype p34() { byte x = 6; last = 34 + x }
proctype p35() { byte x = 0; last = 35 + x }
proctype p36() { byte x = 1; last = 36 + x }
proctype p37() { byte x = 2; last = 37 + x }
proctype p38() { byte x = 3; last = 38 + x }
proctype p39() { byte x = 4; last = 39 + x }
proctype p40() { byte x = 5; last = 40 + x }
proctype p41() { byte x = 6; last = 41 + x }
proctype p42() { byte x = 0; last = 42 + x }
proctype p43() { byte x = 1; last = 43 + x }
proctype p44() { byte x = 2; last = 44 + x }
proctype p45() { byte x = 3; last = 45 + x }
proctype p46() { byte x = 4; last = 46 + x }
proctype p47() { byte x = 5; last = 47 + x }
proctype p48() { byte x = 6; last = 48 + x }
proctype p49() { byte x = 0; last = 49 + x }
proctype p50() { byte x = 1; last = 50 + x }
proctype p51() { byte x = 2; last = 51 + x }
proctype p52() { byte x = 3; last = 52 + x }
proctype p53() { byte x = 4; last = 53 + x }
proctype p54() { byte x = 5; last = 54 + x }
proctype p55() { byte x = 6; last = 55 + x }
proctype p56() { byte x = 0; last = 56 + x }
proctype p57() { byte x = 1; last = 57 + x }
proctype p58() { byte x = 2; last = 58 + x }
proctype p59() { byte x = 3; last = 59 + x }
proctype p60() { byte x = 4; last = 60 + x }
proctype p61() { byte x = 5; last = 61 + x }
proctype p62() { byte x = 6; last = 62 + x }
proctype p63() { byte x = 0; last = 63 + x }
proctype p64() { byte x = 1; last = 64 + x }
proctype p65() { byte x = 2; last = 65 + x }
proctype p66() { byte x = 3; last = 66 + x }
proctype p67() { byte x = 4; last = 67 + x }
proctype p68() { byte x = 5; last = 68 + x }
proctype p69() { byte x = 6; last = 69 + x }
proctype p70() { byte x = 0; last = 70 + x }
proctype p71() { byte x = 1; last = 71 + x }
proctype p72() { byte x = 2; last = 72 + x }
proctype p73() { byte x = 3; last = 73 + x }
proctype p74() { byte x = 4; last = 74 + x }
proctype p75() { byte x = 5; last = 75 + x }
proctype p76() { byte x = 6; last = 76 + x }
proctype p77() { byte x = 0; last = 77 + x }
proctype p78() { byte x = 1; last = 78 + x }
proctype p79() { byte x = 2; last = 79 + x }
proctype p80() { byte x = 3; last = 80 + x }
proctype p81() { byte x = 4; last = 81 + x }
proctype p82() { byte x = 5; last = 82 + x }
proctype p83() { byte x = 6; last = 83 + x }
proctype p84() { byte x = 0; last = 84 + x }
proctype p85() { byte x = 1; last = 85 + x }
proctype p86() { byte x = 2; last = 86 + x }
proctype p87() { byte x = 3; last = 87 + x }
proctype p88() { byte x = 4; last = 88 + x }
proctype p89() { byte x = 5; last = 89 + x }
proctype p90() { byte x = 6; last = 90 + x }
proctype p91() { byte x = 0; last = 91 + x }
proctype p92() { byte x = 1; last = 92 + x }
proctype p93() { byte x = 2; last = 93 + x }
proctype p94() { byte x = 3; last = 94 + x }
proctype p95() { byte x = 4; last = 95 + x }
proctype p96() { byte x = 5; last = 96 + x }
proctype p97() { byte x = 6; last = 97 + x }
proctype p98() { byte x = 0; last = 98 + x }
proctype p99() { byte x = 1; last = 99 + x }
proctype p100() { byte x = 2; last = 100 + x }
proctype p101() { byte x = 3; last = 101 + x }
proctype p102() { byte x = 4; last = 102 + x }
proctype p103() { byte x = 5; last = 103 + x }
proctype p104() { byte x = 6; last = 104 + x }
proctype p105() { byte x = 0; last = 105 + x }
proctype p106() { byte x = 1; last = 106 + x }
proctype p107() { byte x = 2; last = 107 + x }
proctype p108() { byte x = 3; last = 108 + x }
proctype p109() { byte x = 4; last = 109 + x }
proctype p110() { byte x = 5; last = 110 + x }
proctype p111() { byte x = 6; last = 111 + x }
proctype p112() { byte x = 0; last = 112 + x }
proctype p113() { byte x = 1; last = 113 + x }
proctype p114() { byte x = 2; last = 114 + x }
proctype p115() { byte x = 3; last = 115 + x }
proctype p116() { byte x = 4; last = 116 + x }
proctype p117() { byte x = 5; last = 117 + x }
proctype p118() { byte x = 6; last = 118 + x }
proctype p119() { byte x = 0; last = 119 + x }
proctype p120() { byte x = 1; last = 120 + x }
proctype p121() { byte x = 2; last = 121 + x }
proctype p122() { byte x = 3; last = 122 + x }
proctype p123() { byte x = 4; last = 123 + x }
proctype p124() { byte x = 5; last = 124 + x }
proctype p125() { byte x = 6; last = 125 + x }
proctype p126() { byte x = 0; last = 126 + x }
proctype p127() { byte x = 1; last = 127 + x }
proctype p128() { byte x = 2; last = 128 + x }
proctype p129() { byte x = 3; last = 129 + x }
proctype p130() { byte x = 4; last = 130 + x }
proctype p131() { byte x = 5; last = 131 + x }
proctype p132() { byte x = 6; last = 132 + x }
proctype p133() { byte x = 0; last = 133 + x }
proctype p134() { byte x = 1; last = 134 + x }
proctype p135() { byte x = 2; last = 135 + x }
proctype p136() { byte x = 3; last = 136 + x }
proctype p137() { byte x = 4; last = 137 + x }
proctype p138() { byte x = 5; last = 138 + x }
proctype p139() { byte x = 6; last = 139 + x }
proctype p140() { byte x = 0; last = 140 + x }
proctype p141() { byte x = 1; last = 141 + x }
proctype p142() { byte x = 2; last = 142 + x }
proctype p143() { byte x = 3; last = 143 + x }
proctype p144() { byte x = 4; last = 144 + x }
proctype p145() { byte x = 5; last = 145 + x }
proctype p146() { byte x = 6; last = 146 + x }
proctype p147() { byte x = 0; last = 147 + x }
proctype p148() { byte x = 1; last = 148 + x }
proctype p149() { byte x = 2; last = 149 + x }
proctype p150() { byte x = 3; last = 150 + x }
proctype p151() { byte x = 4; last = 151 + x }
proctype p152() { byte x = 5; last = 152 + x }
proctype p153() { byte x = 6; last = 153 + x }
proctype p154() { byte x = 0; last = 154 + x }
proctype p155() { byte x = 1; last = 155 + x }
proctype p156() { byte x = 2; last = 156 + x }
proctype p157() { byte x = 3; last = 157 + x }
proctype p158() { byte x = 4; last = 158 + x }
proctype p159() { byte x = 5; last = 159 + x }
proctype p160() { byte x = 6; last = 160 + x }
proctype p161() { byte x = 0; last = 161 + x }
proctype p162() { byte x = 1; last = 162 + x }
proctype p163() { byte x = 2; last = 163 + x }
proctype p164() { byte x = 3; last = 164 + x }
proctype p165() { byte x = 4; last = 165 + x }
proctype p166() { byte x = 5; last = 166 + x }
proctype p167() { byte x = 6; last = 167 + x }
proctype p168() { byte x = 0; last = 168 + x }
proctype p169() { byte x = 1; last = 169 + x }
proctype p170() { byte x = 2; last = 170 + x }
proctype p171() { byte x = 3; last = 171 + x }
proctype p172() { byte x = 4; last = 172 + x }
proctype p173() { byte x = 5; last = 173 + x }
proctype p174() { byte x = 6; last = 174 + x }
proctype p175() { byte x = 0; last = 175 + x }
proctype p176() { byte x = 1; last = 176 + x }
proctype p177() { byte x = 2; last = 177 + x }
proctype p178() { byte x = 3; last = 178 + x }
proctype p179() { byte x = 4; last = 179 + x }
proctype p180() { byte x = 5; last = 180 + x }
proctype p181() { byte x = 6; last = 181 + x }
proctype p182() { byte x = 0; last = 182 + x }
proctype p183() { byte x = 1; last = 183 + x }
proctype p184() { byte x = 2; last = 184 + x }
proctype p185() { byte x = 3; last = 185 + x }
proctype p186() { byte x = 4; last = 186 + x }
proctype p187() { byte x = 5; last = 187 + x }
proctype p188() { byte x = 6; last = 188 + x }
proctype p189() { byte x = 0; last = 189 + x }
proctype p190() { byte x = 1; last = 190 + x }
proctype p191() { byte x = 2; last = 191 + x }
proctype p192() { byte x = 3; last = 192 + x }
proctype p193() { byte x = 4; last = 193 + x }
proctype p194() { byte x = 5; last = 194 + x }
proctype p195() { byte x = 6; last = 195 + x }
proctype p196() { byte x = 0; last = 196 + x }
proctype p197() { byte x = 1; last = 197 + x }
proctype p198() { byte x = 2; last = 198 + x }
proctype p199() { byte x = 3; last = 199 + x }
proctype p200() { byte x = 4; last = 200 + x }
proctype p201() { byte x = 5; last = 201 + x }
proctype p202() { byte x = 6; last = 202 + x }
proctype p203() { byte x = 0; last = 203 + x }
proctype p204() { byte x = 1; last = 204 + x }
proctype p205() { byte x = 2; last = 205 + x }
proctype p206() { byte x = 3; last = 206 + x }
proctype p207() { byte x = 4; last = 207 + x }
proctype p208() { byte x = 5; last = 208 + x }
proctype p209() { byte x = 6; last = 209 + x }
proctype p210() { byte x = 0; last = 210 + x }
proctype p211() { byte x = 1; last = 211 + x }
proctype p212() { byte x = 2; last = 212 + x }
proctype p213() { byte x = 3; last = 213 + x }
proctype p214() { byte x = 4; last = 214 + x }
proctype p215() { byte x = 5; last = 215 + x }
proctype p216() { byte x = 6; last = 216 + x }
proctype p217() { byte x = 0; last = 217 + x }
proctype p218() { byte x = 1; last = 218 + x }
proctype p219() { byte x = 2; last = 219 + x }
proctype p220() { byte x = 3; last = 220 + x }
proctype p221() { byte x = 4; last = 221 + x }
proctype p222() { byte x = 5; last = 222 + x }
proctype p223() { byte x = 6; last = 223 + x }
proctype p224() { byte x = 0; last = 224 + x }
proctype p225() { byte x = 1; last = 225 + x }
proctype p226() { byte x = 2; last = 226 + x }
proctype p227() { byte x = 3; last = 227 + x }
proctype p228() { byte x = 4; last = 228 + x }
proctype p229() { byte x = 5; last = 229 + x }
proctype p230() { byte x = 6; last = 230 + x }
proctype p231() { byte x = 0; last = 231 + x }
proctype p232() { byte x = 1; last = 232 + x }
proctype p233() { byte x = 2; last = 233 + x }
proctype p234() { byte x = 3; last = 234 + x }
proctype p235() { byte x = 4; last = 235 + x }
proctype p236() { byte x = 5; last = 236 + x }
proctype p237() { byte x = 6; last = 237 + x }
proctype p238() { byte x = 0; last = 238 + x }
proctype p239() { byte x = 1; last = 239 + x }
proctype p240() { byte x = 2; last = 240 + x }
proctype p241() { byte x = 3; last = 241 + x }
proctype p242() { byte x = 4; last = 242 + x }
proctype p243() { byte x = 5; last = 243 + x }
proctype p244() { byte x = 6; last = 244 + x }
proctype p245() { byte x = 0; last = 245 + x }
proctype p246() { byte x = 1; last = 246 + x }
proctype p247() { byte x = 2; last = 247 + x }
proctype p248() { byte x = 3; last = 248 + x }
proctype p249() { byte x = 4; last = 249 + x }
proctype p250() { byte x = 5; last = 0 + x }
proctype p251() { byte x = 6; last = 1 + x }
proctype p252() { byte x = 0; last = 2 + x }
proctype p253() { byte x = 1; last = 3 + x }
proctype p254() { byte x = 2; last = 4 + x }
init {
  run p0(); (_nr_pr == 1);
  run p1(); (_nr_pr == 1);
  run p2(); (_nr_pr == 1);
  run p3(); (_nr_pr == 1);
  run p4(); (_nr_pr == 1);
  run p5(); (_nr_pr == 1);
  run p6(); (_nr_pr == 1);
  run p7(); (_nr_pr == 1);
  run p8(); (_nr_pr == 1);
  run p9(); (_nr_pr == 1);
  run p10(); (_nr_pr == 1);
  run p11(); (_nr_pr == 1);
  run p12(); (_nr_pr == 1);
  run p13(); (_nr_pr == 1);
  run p14(); (_nr_pr == 1);
  run p15(); (_nr_pr == 1);
  run p16(); (_nr_pr == 1);
  run p17(); (_nr_pr == 1);
  run p18(); (_nr_pr == 1);
  run p19(); (_nr_pr == 1);
  run p20(); (_nr_pr == 1);
  run p21(); (_nr_pr == 1);
  run p22(); (_nr_pr == 1);
  run p23(); (_nr_pr == 1);
  run p24(); (_nr_pr == 1);
  run p25(); (_nr_pr == 1);
  run p26(); (_nr_pr == 1);
  run p27(); (_nr_pr == 1);
  run p28(); (_nr_pr == 1);
  run p29(); (_nr_pr == 1);
  run p30(); (_nr_pr == 1);
  run p31(); (_nr_pr == 1);
  run p32(); (_nr_pr == 1);
  run p33(); (_nr_pr == 1);
  run p34(); (_nr_pr == 1);
  run p35(); (_nr_pr == 1);
  run p36(); (_nr_pr == 1);
  run p37(); (_nr_pr == 1);
  run p38(); (_nr_pr == 1);
  run p39(); (_nr_pr == 1);
  run p40(); (_nr_pr == 1);
  run p41(); (_nr_pr == 1);
  run p42(); (_nr_pr == 1);
  run p43(); (_nr_pr == 1);
  run p44(); (_nr_pr == 1);
  run p45(); (_nr_pr == 1);
  run p46(); (_nr_pr == 1);
  run p47(); (_nr_pr == 1);
  run p48(); (_nr_pr == 1);
  run p49(); (_nr_pr == 1);
  run p50(); (_nr_pr == 1);
  run p51(); (_nr_pr == 1);
  run p52(); (_nr_pr == 1);
  run p53(); (_nr_pr == 1);
  run p54(); (_nr_pr == 1);
  run p55(); (_nr_pr == 1);
  run p56(); (_nr_pr == 1);
  run p57(); (_nr_pr == 1);
  run p58(); (_nr_pr == 1);
  run p59(); (_nr_pr == 1);
  run p60(); (_nr_pr == 1);
  run p61(); (_nr_pr == 1);
  run p62(); (_nr_pr == 1);
  run p63(); (_nr_pr == 1);
  run p64(); (_nr_pr == 1);
  run p65(); (_nr_pr == 1);
  run p66(); (_nr_pr == 1);
  run p67(); (_nr_pr == 1);
  run p68(); (_nr_pr == 1);
  run p69(); (_nr_pr == 1);
  run p70(); (_nr_pr == 1);
  run p71(); (_nr_pr == 1);
  run p72(); (_nr_pr == 1);
  run p73(); (_nr_pr == 1);
  run p74(); (_nr_pr == 1);
  run p75(); (_nr_pr == 1);
  run p76(); (_nr_pr == 1);
  run p77(); (_nr_pr == 1);
  run p78(); (_nr_pr == 1);
  run p79(); (_nr_pr == 1);
  run p80(); (_nr_pr == 1);
  run p81(); (_nr_pr == 1);
  run p82(); (_nr_pr == 1);
  run p83(); (_nr_pr == 1);
  run p84(); (_nr_pr == 1);
  run p85(); (_nr_pr == 1);
  run p86(); (_nr_pr == 1);
  run p87(); (_nr_pr == 1);
  run p88(); (_nr_pr == 1);
  run p89(); (_nr_pr == 1);
  run p90(); (_nr_pr == 1);
  run p91(); (_nr_pr == 1);
  run p92(); (_nr_pr == 1);
  run p93(); (_nr_pr == 1);
  run p94(); (_nr_pr == 1);
  run p95(); (_nr_pr == 1);
  run p96(); (_nr_pr == 1);
  run p97(); (_nr_pr == 1);
  run p98(); (_nr_pr == 1);
  run p99(); (_nr_pr == 1);
  run p100(); (_nr_pr == 1);
  run p101(); (_nr_pr == 1);
  run p102(); (_nr_pr == 1);
  run p103(); (_nr_pr == 1);
  run p104(); (_nr_pr == 1);
  run p105(); (_nr_pr == 1);
  run p106(); (_nr_pr == 1);
  run p107(); (_nr_pr == 1);
  run p108(); (_nr_pr == 1);
  run p109(); (_nr_pr == 1);
  run p110(); (_nr_pr == 1);
  run p111(); (_nr_pr == 1);
  run p112(); (_nr_pr == 1);
  run p113(); (_nr_pr == 1);
  run p114(); (_nr_pr == 1);
  run p115(); (_nr_pr == 1);
  run p116(); (_nr_pr == 1);
  run p117(); (_nr_pr == 1);
  run p118(); (_nr_pr == 1);
  run p119(); (_nr_pr == 1);
  run p120(); (_nr_pr == 1);
  run p121(); (_nr_pr == 1);
  run p122(); (_nr_pr == 1);
  run p123(); (_nr_pr == 1);
  run p124(); (_nr_pr == 1);
  run p125(); (_nr_pr == 1);
  run p126(); (_nr_pr == 1);
  run p127(); (_nr_pr == 1);
  run p128(); (_nr_pr == 1);
  run p129(); (_nr_pr == 1);
  run p130(); (_nr_pr == 1);
  run p131(); (_nr_pr == 1);
  run p132(); (_nr_pr == 1);
  run p133(); (_nr_pr == 1);
  run p134(); (_nr_pr == 1);
  run p135(); (_nr_pr == 1);
  run p136(); (_nr_pr == 1);
  run p137(); (_nr_pr == 1);
  run p138(); (_nr_pr == 1);
  run p139(); (_nr_pr == 1);
  run p140(); (_nr_pr == 1);
  run p141(); (_nr_pr == 1);
  run p142(); (_nr_pr == 1);
  run p143(); (_nr_pr == 1);
  run p144(); (_nr_pr == 1);
  run p145(); (_nr_pr == 1);
  run p146(); (_nr_pr == 1);
  run p147(); (_nr_pr == 1);
  run p148(); (_nr_pr == 1);
  run p149(); (_nr_pr == 1);
  run p150(); (_nr_pr == 1);
  run p151(); (_nr_pr == 1);
  run p152(); (_nr_pr == 1);
  run p153(); (_nr_pr == 1);
  run p154(); (_nr_pr == 1);
  run p155(); (_nr_pr == 1);
  run p156(); (_nr_pr == 1);
  run p157(); (_nr_pr == 1);
  run p158(); (_nr_pr == 1);
  run p159(); (_nr_pr == 1);
  run p160(); (_nr_pr == 1);
  run p161(); (_nr_pr == 1);
  run p162(); (_nr_pr == 1);
  run p163(); (_nr_pr == 1);
  run p164(); (_nr_pr == 1);
  run p165(); (_nr_pr == 1);
  run p166(); (_nr_pr == 1);
  run p167(); (_nr_pr == 1);
  run p168(); (_nr_pr == 1);
  run p169(); (_nr_pr == 1);
  run p170(); (_nr_pr == 1);
  run p171(); (_nr_pr == 1);
  run p172(); (_nr_pr == 1);
  run p173(); (_nr_pr == 1);
  run p174(); (_nr_pr == 1);
  run p175(); (_nr_pr == 1);
  run p176(); (_nr_pr == 1);
  run p177(); (_nr_pr == 1);
  run p178(); (_nr_pr == 1);
  run p179(); (_nr_pr == 1);
  run p180(); (_nr_pr == 1);
  run p181(); (_nr_pr == 1);
  run p182(); (_nr_pr == 1);
  run p183(); (_nr_pr == 1);
  run p184(); (_nr_pr == 1);
  run p185(); (_nr_pr == 1);
  run p186(); (_nr_pr == 1);
  run p187(); (_nr_pr == 1);
  run p188(); (_nr_pr == 1);
  run p189(); (_nr_pr == 1);
  run p190(); (_nr_pr == 1);
  run p191(); (_nr_pr == 1);
  run p192(); (_nr_pr == 1);
  run p193(); (_nr_pr == 1);
  run p194(); (_nr_pr == 1);
  run p195(); (_nr_pr == 1);
  run p196(); (_nr_pr == 1);
  run p197(); (_nr_pr == 1);
  run p198(); (_nr_pr == 1);
  run p199(); (_nr_pr == 1);
  run p200(); (_nr_pr == 1);
  run p201(); (_nr_pr == 1);
  run p202(); (_nr_pr == 1);
  run p203(); (_nr_pr == 1);
  run p204(); (_nr_pr == 1);
  run p205(); (_nr_pr == 1);
  run p206(); (_nr_pr == 1);
  run p207(); (_nr_pr == 1);
  run p208(); (_nr_pr == 1);
  run p209(); (_nr_pr == 1);
  run p210(); (_nr_pr == 1);
  run p211(); (_nr_pr == 1);
  run p212(); (_nr_pr == 1);
  run p213(); (_nr_pr == 1);
  run p214(); (_nr_pr == 1);
  run p215(); (_nr_pr == 1);
  run p216(); (_nr_pr == 1);
  run p217(); (_nr_pr == 1);
  run p218(); (_nr_pr == 1);
  run p219(); (_nr_pr == 1);
  run p220(); (_nr_pr == 1);
  run p221(); (_nr_pr == 1);
  run p222(); (_nr_pr == 1);
  run p223(); (_nr_pr == 1);
  run p224(); (_nr_pr == 1);
  run p225(); (_nr_pr == 1);
  run p226(); (_nr_pr == 1);
  run p227(); (_nr_pr == 1);
  run p228(); (_nr_pr == 1);
  run p229(); (_nr_pr == 1);
  run p230(); (_nr_pr == 1);
  run p231(); (_nr_pr == 1);
  run p232(); (_nr_pr == 1);
  run p233(); (_nr_pr == 1);
  run p234(); (_nr_pr == 1);
  run p235(); (_nr_pr == 1);
  run p236(); (_nr_pr == 1);
  run p237(); (_nr_pr == 1);
  run p238(); (_nr_pr == 1);
  run p239(); (_nr_pr == 1);
  run p240(); (_nr_pr == 1);
  run p241(); (_nr_pr == 1);
  run p242(); (_nr_pr == 1);
  run p243(); (_nr_pr == 1);
  run p244(); (_nr_pr == 1);
  run p245(); (_nr_pr == 1);
  run p246(); (_nr_pr == 1);
  run p247(); (_nr_pr == 1);
  run p248(); (_nr_pr == 1);
  run p249(); (_nr_pr == 1);
  run p250(); (_nr_pr == 1);
  run p251(); (_nr_pr == 1);
  run p252(); (_nr_pr == 1);
  run p253(); (_nr_pr == 1);
  run p254(); (_nr_pr == 1);
  assert(last == 6)
}
