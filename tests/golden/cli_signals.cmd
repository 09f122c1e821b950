# One SIGINT or SIGTERM stops every mode (issue 14, item 8): a search
# ends INCOMPLETE (4) with its report; a simulation prints where it was
# and exits 128 + the signal; reading a FIFO without a writer and
# compiling a huge model end at once with 128 + the signal.
# stop SIG CMD...: start CMD (standard input from $in, default
# /dev/null), wait until it catches SIG (SigCgt in /proc, up to 10 s: a
# sanitized build on a loaded machine starts slowly), then 0.3 s more,
# send SIG, print the exit status
stop() {
  sig=$1; shift; "$@" <"${in:-/dev/null}" >out 2>err & pid=$!
  case $sig in INT) bit=2 ;; *) bit=16384 ;; esac
  i=0
  while [ $i -lt 200 ] && [ -r /proc/$pid/status ]; do
    m=$(awk '/^SigCgt:/ { print $2 }' /proc/$pid/status 2>/dev/null)
    [ -n "$m" ] && [ $(( 0x$m & bit )) -ne 0 ] && break
    sleep 0.05; i=$((i + 1))
  done
  sleep 0.3; kill -$sig $pid; wait $pid; echo "$sig: exit $?"
}
printf 'byte a, b, c;\nactive proctype p() {\n%s\n}\n' \
  'do :: a = a + 1 :: b = b + a :: c = c + b od' >count.pml &&
stop INT @SPORE@ --por=none --progress=0 count.pml; grep -E '^(INCOMPLETE|spore: interrupted)' out;
stop TERM @SPORE@ simulate --seed=1 count.pml; grep -c 'simulation interrupted after' out;
mkfifo choices && { sleep 2 >choices & } &&
in=choices; stop INT @SPORE@ simulate --interactive count.pml; in=; grep -c 'simulation interrupted after 0 steps' out;
mkfifo fifo.pml && stop TERM @SPORE@ fifo.pml; cat err;
awk 'BEGIN { print "byte x; active proctype p() {"
  for (i = 0; i < 600000; i++) print "x = x + 1;"; print "}" }' >big.pml &&
stop INT @SPORE@ --check big.pml; cat err
