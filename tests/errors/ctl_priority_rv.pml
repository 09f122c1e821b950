/* A model with priorities cannot use rendezvous channels: pan refuses
 * to compile it ("use of priorities cannot be combined with
 * rendezvous"), and so does spore. */
chan r = [0] of { byte };
active proctype P() priority 2 { r!1 }
active proctype Q() { byte v; r?v }
