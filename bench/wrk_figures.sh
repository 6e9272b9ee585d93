# Sourced by the load scripts (bench/run.sh, bench/search_load.sh); $seconds is theirs.
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
