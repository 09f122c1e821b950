#!/bin/sh
# tests/fuzz/run-fuzz.sh -- build the libFuzzer harnesses with clang and
# run them.  Not part of make check (it needs clang and takes minutes).
#
# Usage: tests/fuzz/run-fuzz.sh [SECONDS [HARNESS]]
#   SECONDS  time per harness (default 300)
#   HARNESS  lang | model | both (default both)
# Work directory: $FUZZ_DIR (default /tmp/spore-fuzz); crashes are written
# there as crash-*; turn each into a tests/errors case.
set -eu
secs=${1:-300}
which=${2:-both}
src=$(cd "$(dirname "$0")/../.." && pwd)
work=${FUZZ_DIR:-/tmp/spore-fuzz}
command -v clang >/dev/null 2>&1 || { echo "run-fuzz: clang is needed" >&2; exit 77; }
mkdir -p "$work/build" "$work/corpus-lang" "$work/corpus-model" "$work/seeds"
san='-fsanitize=address,undefined -fno-omit-frame-pointer'
if [ ! -f "$work/build/libspore.a" ]; then
    [ -f "$src/configure" ] || (cd "$src" && autoreconf -fi)
    (cd "$work/build" && "$src/configure" --without-jemalloc CC=clang \
        CFLAGS="-g -O1 -fsanitize=fuzzer-no-link $san" >/dev/null &&
        make -j2 libspore.a >/dev/null)
fi
# seeds: the project's own models and the corpus, when present
find "$src/models" "$src/tests" "$src/../shared/corpus" -name '*.pml' \
    -size -8k 2>/dev/null | head -400 | while read -r f; do
    cp "$f" "$work/seeds/$(echo "$f" | tr / _)"
done
xx=$(pkg-config --libs libxxhash)
for h in lang model; do
    [ "$which" = both ] || [ "$which" = "$h" ] || continue
    clang -g -O1 -fsanitize=fuzzer $san -I"$src" -I"$work/build" \
        "$src/tests/fuzz/fuzz_$h.c" "$work/build/libspore.a" $xx \
        -o "$work/fuzz_$h"
    # -timeout=60: the seeds include tests/errors' 65,536-statement
    # model, which this sanitized build compiles in over 10 s on a busy
    # machine (session 9's run stopped there, a timeout, no crash)
    (cd "$work" && "./fuzz_$h" -max_total_time="$secs" -max_len=4096 \
        -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
        "corpus-$h" seeds) 2>&1 | tail -20
done
