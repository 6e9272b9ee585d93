#!/usr/bin/env bash
# Catalogue search and listing that no cache has seen (docs/benchmarks.md, "Search under load"):
# the real server on a seeded catalogue of each size in BENCH_SEARCH_SIZES (132 100000 1000000),
# loaded by wrk
# on loopback with bench/wrk/offers_unseen.lua, whose every request draws its own catalogue
# word or filters, currency, page and page size. Rows, each run BENCH_ROUNDS (3) times in turns,
# the median run shown:
#   search   - searches of one catalogue word at BENCH_CONNECTIONS (32): each word's answer is
#              kept by the snapshot after its first search (docs/search.md, "Kept answers"),
#              so this row is the pages of popular words (an unmeasured run first makes each
#              word's matches, as a shop's first minutes after a start do);
#   filtered - searches of one word with random filters and sort at BENCH_CONNECTIONS: hardly
#              one asked twice, so each costs the index and the pass over its matches;
#   listing  - unseen listings with random filters at BENCH_CONNECTIONS;
#   healthz  - /healthz at 16 connections while 16 more send searches with random filters.
# Then a growth table, one line per size: those rows' req/s and p99, the server's start (exec to
# the first 200 of /readyz: a seeded folder's first start loads through SQL and writes the
# catalogue file, so the start timed is a second one, reading it) and its resident memory.
# Usage: bench/search_load.sh [build-dir]   (needs wrk, curl, python3). BENCH_SEEDED=<folder>
# keeps the seeded catalogues there and reuses them on the next run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
seconds=${BENCH_SECONDS:-5}
connections=${BENCH_CONNECTIONS:-32}
sizes=${BENCH_SEARCH_SIZES:-132 100000 1000000}
rounds=${BENCH_ROUNDS:-3}
port=${BENCH_PORT:-18680}
base=http://127.0.0.1:$port
work=$(mktemp -d)
server=
stop() {
  [ -n "$server" ] && { kill "$server" 2> /dev/null && wait "$server" 2> /dev/null || true; }
  server=
}
trap 'stop; rm -rf "$work"' EXIT
export ARTSHOP_LOG_LEVEL=warn

# shellcheck source=bench/load_common.sh
source "$here/load_common.sh"
declare -A runs
growth=()
# The run with the median req/s of a row; its figures are left in $median.
report() {  # key name
  local r p50 p99 bad
  median=$(printf '%s' "${runs[$1]}" | sort -g -k1,1 | awk '{run[NR] = $0} END {print run[int((NR + 1) / 2)]}')
  read -r r p50 p99 bad <<< "$median"
  printf '%-58s %10s req/s  p50 %8s  p99 %8s  errors %6s  (runs: %s)\n' "$2" "$r" "$p50" "$p99" \
    "$bad" "$(printf '%s' "${runs[$1]}" | awk '{printf "%s%d", (NR > 1 ? " " : ""), $1}')"
}
unseen() {  # mode connections: wrk figures of unseen offer calls
  BENCH_MODE=$1 BENCH_WORDS=$work/words BENCH_CATEGORIES=$work/categories \
    wrk_figures "$2" -s "$here/wrk/offers_unseen.lua" "$base"
}

echo "search under load, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $binary"
echo "wrk -t2 -d${seconds}s per run, $rounds runs per row, loopback"
for size in $sizes; do
  data=$work/shop-$size
  mkdir -p "$data"
  echo
  echo "== $size offers =="
  seeded "$data" "$size"
  # A first start writes the catalogue file (a copy of a kept folder may hold an older one); the
  # start measured reads it.
  start_server() {
    local started
    started=$(date +%s%N)
    ARTSHOP_DATA_DIR=$data ARTSHOP_PORT=$port "$binary" serve >> "$data/server.log" 2>&1 &
    server=$!
    for _ in $(seq 3000); do curl -fs -o /dev/null "$base/readyz" && break; sleep 0.02; done
    ready_ms=$((($(date +%s%N) - started) / 1000000))
  }
  gauge() { curl -fsS "$base/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
  start_server
  for _ in $(seq 600); do
    [ "$(gauge artshop_catalogue_search_index_from_file)" = 1 ] && break
    [ "$(gauge artshop_catalogue_files_written_total)" -ge 1 ] && break
    sleep 0.1
  done
  stop
  start_server
  rss_ready=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$server/status")
  echo "start to ready $ready_ms ms (catalogue from the file: $(gauge artshop_catalogue_started_from_file)," \
    "its search index: $(gauge artshop_catalogue_search_index_from_file)), RSS $rss_ready MB"
  # The catalogue's words: every word of 3 letters or more of the titles and tags of its first
  # 480 offers (the seeded titles and tags repeat beyond them), and its categories.
  for page in 1 2 3 4 5; do curl -fsS "$base/api/offers?Currency=EUR&PageSize=96&Page=$page"; echo; done |
    python3 -c '
import json, re, sys
words = set()
for line in sys.stdin:
    if line.strip():
        for offer in json.loads(line)["items"]:
            for text in [offer["title"]] + offer.get("tags", []):
                words.update(w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 3)
print("\n".join(sorted(words)))' > "$work/words"
  curl -fsS "$base/api/categories" |
    python3 -c 'import json, sys; print("\n".join(c["urlName"] for c in json.load(sys.stdin)["items"]))' \
      > "$work/categories"
  echo "$(wc -l < "$work/words") catalogue words, $(wc -l < "$work/categories") categories"
  # A start's first searches of each word make its matches (docs/search.md, "Kept matches"):
  # 143 words at a million offers hold the first seconds at a p99 of 70 to 90 ms. The rows are
  # the shop as it runs after them: one unmeasured run of one-word searches first.
  unseen search "$connections" > /dev/null
  unset runs
  declare -A runs
  for _ in $(seq "$rounds"); do
    runs[search]+="$(unseen search "$connections")"$'\n'
    runs[filtered]+="$(unseen filtered "$connections")"$'\n'
    runs[listing]+="$(unseen listing "$connections")"$'\n'
    unseen filtered 16 > "$work/load.txt" &
    load=$!
    runs[healthz]+="$(wrk_figures 16 "$base/healthz")"$'\n'
    wait "$load"
    runs[load]+="$(cat "$work/load.txt")"$'\n'
  done
  report search "searches, one word ($connections connections)"
  read -r search_rps _ search_p99 _ <<< "$median"
  report filtered "searches, one word, random filters ($connections connections)"
  read -r filtered_rps _ filtered_p99 _ <<< "$median"
  report listing "unseen listings, random filters ($connections connections)"
  read -r listing_rps _ listing_p99 _ <<< "$median"
  report healthz "/healthz (16 connections) beside 16 of filtered searches"
  read -r _ _ healthz_p99 _ <<< "$median"
  report load "  the 16 connections of filtered searches beside it"
  rss_now=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$server/status")
  echo "RSS after the load $rss_now MB, peak $(awk '/VmHWM/ {printf "%d", $2 / 1024}' "/proc/$server/status") MB"
  growth+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s ms | %s MB | %s MB |' "$size" \
    "$search_rps" "$search_p99" "$filtered_rps" "$filtered_p99" "$listing_rps" "$listing_p99" \
    "$healthz_p99" "$ready_ms" "$rss_ready" "$rss_now")")
  stop
done
echo
echo "growth (median runs; start: exec to ready, reading the catalogue file):"
echo "| offers | searches req/s | search p99 | filtered searches req/s | filtered p99 | listings req/s | listing p99 | /healthz p99 beside filtered searches | start | RSS ready | RSS after |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${growth[@]}"
