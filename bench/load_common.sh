# Sourced by the load scripts (bench/run.sh, bench/search_load.sh); $seconds and $binary are
# theirs.
# One wrk run: prints "req/s p50 p99 errors" (errors: non-2xx/3xx and socket errors).
wrk_figures() {
  local c=$1
  shift
  wrk --latency -t2 -c"$c" -d"${seconds}s" "$@" 2>&1 |
    awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2}
         /Non-2xx/ {bad+=$NF}
         /Socket errors/ {gsub(/,/, ""); bad+=$4+$6+$8+$10}
         END {printf "%s %s %s %d\n", rps, p50, p99, bad}'
}

# seeded DATA SIZE: a catalogue of SIZE offers in the data folder DATA ($binary seeds it): a copy
# of one kept in BENCH_SEEDED by an earlier run, or seeded anew and then kept there when
# BENCH_SEEDED is set; prints how long seeding took.
seeded() {
  local data=$1 size=$2 started
  if [ -n "${BENCH_SEEDED:-}" ] && [ -d "$BENCH_SEEDED/shop-$size" ]; then
    # Copies of catalogues seeded before, to measure again without drawing again.
    cp -r "$BENCH_SEEDED/shop-$size/." "$data"
    return
  fi
  started=$(date +%s%N)
  ARTSHOP_DATA_DIR=$data ARTSHOP_SEED_OFFERS=$size ARTSHOP_LOG_LEVEL=warn "$binary" seed
  echo "seeding $size offers (132 pictures drawn): $((($(date +%s%N) - started) / 1000000)) ms"
  if [ -n "${BENCH_SEEDED:-}" ]; then
    mkdir -p "$BENCH_SEEDED"
    cp -r "$data" "$BENCH_SEEDED/shop-$size"
  fi
}
