/* spore-options: -c0 */
byte input, output;
active proctype Source() {
  byte i; i = 1;
  do :: (i > 3) -> break :: else -> input == 0; input = i; i++ od
}
active proctype Relay() {
  do
  :: atomic { input != 0; output == 0; output = input }
     input = 0
  od
}
active proctype Destination() {
  do :: output != 0; output = 0 od
}
