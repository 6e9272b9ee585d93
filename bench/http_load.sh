#!/usr/bin/env bash
# Whole-process HTTP figures: the real server on a seeded catalogue, loaded by wrk on loopback.
# Usage: bench/http_load.sh [build-dir]   (needs `wrk`: apt-get install wrk)
# Prints requests/s and latency for a health probe, a gallery page, one offer and a 304.
set -euo pipefail
build=${1:-build}
binary=$(realpath "$build/app/artshop")
data=$(mktemp -d)
port=${BENCH_PORT:-18390}
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"' EXIT

ARTSHOP_DATA_DIR=$data ARTSHOP_SEED_OFFERS=${BENCH_OFFERS:-132} ARTSHOP_LOG_LEVEL=warn "$binary" seed
ARTSHOP_DATA_DIR=$data ARTSHOP_PORT=$port ARTSHOP_LOG_LEVEL=warn "$binary" serve > "$data/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/readyz" > /dev/null && break; sleep 0.1; done

base=http://127.0.0.1:$port
offer=$(curl -fs "$base/api/offers?Currency=EUR&PageSize=1" | sed -E 's/.*"urlName":"([^"]+)".*/\1/')
thumbnail=$(curl -fs "$base/api/offers?Currency=EUR&PageSize=1" | sed -E 's/.*"thumbnail":\{"webp":"([^"]+)".*/\1/')
etag=$(curl -fsI "$base$thumbnail" | tr -d '\r' | sed -n 's/^ETag: //Ip')

run() {
  local name=$1
  shift
  printf '%-34s ' "$name"
  wrk --latency -t2 -c${BENCH_CONNECTIONS:-32} -d${BENCH_SECONDS:-10}s "$@" |
    awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {printf "%10s req/s   p50 %8s   p99 %8s\n", rps, p50, p99}'
}
run "GET /healthz" "$base/healthz"
run "GET /api/offers (24, EUR)" "$base/api/offers?Currency=EUR"
run "GET /api/offers (filtered, JPY)" "$base/api/offers?Currency=JPY&Style=Anime&Sort=LowToHigh&From=1000&To=9000"
run "GET /api/offers/get-one" "$base/api/offers/get-one?UrlName=$offer&Currency=USD"
run "GET /media thumbnail, 304" -H "If-None-Match: $etag" "$base$thumbnail"
