#!/usr/bin/env bash
# `make bench`: the core micro-benchmarks, then the HTTP load suite on loopback against a
# Release build, on the catalogue the shop seeds (132 offers), then 10,000, then 100,000
# (docs/benchmarks.md).
# Usage: bench/run.sh [build-dir]   (needs wrk, curl, openssl, python3)
# Every row runs BENCH_SECONDS (5) with wrk -t2 -c BENCH_CONNECTIONS (32); it prints req/s,
# p50, p99, errors (non-2xx and socket errors) and the server's peak RSS during the row, then
# the ratios, and writes everything to bench/results/<date>.txt. The rows the ratios compare
# (minimal, healthz, listing, gzlisting, getone, latest, thumbnail) run in turns BENCH_ROUNDS
# (3) times per catalogue, the minimal server answering beside the shop, and each shows its
# median run: one 5-second run on a shared 2-core machine varies by 15 % or more, and taking
# turns keeps a slow drift of the machine out of the ratios. The mixed rows (the listing beside
# logins, downloads or generation) run in rounds too; each shows its run of median listing p99
# against the idle listing's median p99. BENCH_SEEDED=<folder> keeps the
# seeded catalogues there and reuses them on the next run. BENCH_ROWS=<regex> runs only the rows
# whose key matches (keys: core, minimal, healthz, listing, gzlisting, getone, latest, thumbnail, index, login,
# mixlogin, mixdownload, mixgenerate, each followed by the catalogue size, export, search,
# lighthouse and peers), e.g. BENCH_ROWS='mix(download|generate)'. The peers row
# (bench/search_peers.cpp) asks the judged search queries of the shop's index, SQLite FTS5 and
# PostgreSQL's full-text search at BENCH_PEER_SIZES (132,100000,1000000: about 6 minutes, most of
# it PostgreSQL at a million).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
minimal=$build/bench/minimal_server
static_dir=${ARTSHOP_STATIC_DIR:-$(realpath "$here/../frontend/dist")}
seconds=${BENCH_SECONDS:-5}
connections=${BENCH_CONNECTIONS:-32}
sizes=${BENCH_SIZES:-132 10000 100000}
peer_sizes=${BENCH_PEER_SIZES:-132,100000,1000000}
rows=${BENCH_ROWS:-.}
rounds=${BENCH_ROUNDS:-3}
wanted() { [[ $1 =~ $rows ]]; }
port=${BENCH_PORT:-18480}
base=http://127.0.0.1:$port
minimal_base=http://127.0.0.1:$((port + 1))
secret=bench-webhook-secret-0123456789abcdef
work=$(mktemp -d)
mkdir -p "$here/results"
results=$here/results/$(date +%Y-%m-%d-%H%M).txt
server=
minimal_server=
cleanup() {
  for pid in $server $minimal_server; do
    kill "$pid" 2> /dev/null && wait "$pid" 2> /dev/null || true  # killed: status 143
  done
  rm -rf "$work"
}
trap cleanup EXIT
exec > >(tee "$results") 2>&1

echo "artshop benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r)"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t2 -c$connections -d${seconds}s per row, loopback"

if wanted core; then
  echo
  echo "== core (Google Benchmark) =="
  "$build/bench/core_bench" --benchmark_min_time=0.2 2>&1 | grep -v '^\*\*\*'
fi

if wanted peers; then
  echo
  echo "== catalogue search beside SQLite FTS5 and PostgreSQL (judged queries) =="
  "$build/bench/search_peers" --sizes "$peer_sizes"
fi

declare -A rps

# shellcheck source=bench/load_common.sh
source "$here/load_common.sh"
reset_peak() {  # [pid]
  local pid=${1:-$server}
  [ -n "$pid" ] && echo 5 > "/proc/$pid/clear_refs" 2> /dev/null || true
}
peak_mb() {  # [pid]
  local pid=${1:-$server}
  [ -n "$pid" ] && awk '/VmHWM/ {printf "%d", $2 / 1024}' "/proc/$pid/status" || echo -
}
print_row() {  # name rps p50 p99 errors rss
  printf '%-46s %10s req/s  p50 %8s  p99 %8s  errors %6s  peak RSS %5s MB\n' "$@"
}
declare -A runs
# measure KEY PID CONNECTIONS WRK-ARGS...: one run of a row against the server PID, kept
# under KEY until `report` shows it.
measure() {
  local key=$1 pid=$2 c=$3
  shift 3
  wanted "$key" || return 0
  reset_peak "$pid"
  runs[$key]+="$(wrk_figures "$c" "$@") $(peak_mb "$pid")"$'\n'
}
# report KEY NAME: the row's run with the median req/s, whose req/s the ratios take.
report() {
  local key=$1 name=$2
  [ -n "${runs[$key]:-}" ] || return 0
  read -r r p50 p99 bad rss <<< "$(printf '%s' "${runs[$key]}" | sort -g -k1,1 |
    awk '{run[NR] = $0} END {print run[int((NR + 1) / 2)]}')"
  rps[$key]=$r
  local all
  all=$(printf '%s' "${runs[$key]}" | awk '{printf "%s%d", (NR > 1 ? " " : ""), $1}')
  if [[ $all == *" "* ]]; then
    print_row "$name" "$r" "$p50" "$p99" "$bad" "$rss" | sed "s/\$/  (runs: $all)/"
  else
    print_row "$name" "$r" "$p50" "$p99" "$bad" "$rss"
  fi
}
# row KEY NAME CONNECTIONS WRK-ARGS...: one measured row of the shop.
row() {
  local key=$1 name=$2
  shift 2
  measure "$key" "$server" "$@"
  report "$key" "$name"
}
# A latency as wrk prints it (812.00us, 4.62ms, 1.20s) in microseconds.
microseconds() {
  awk '{v = $1 + 0; if ($1 ~ /us$/) print v; else if ($1 ~ /ms$/) print v * 1000; else print v * 1000000}' <<< "$1"
}
# The median p99 of a row's runs, in microseconds.
median_p99() {
  local p99s=() p99
  while read -r _ _ p99 _; do
    [ -n "$p99" ] && p99s+=("$(microseconds "$p99")")
  done <<< "${runs[$1]}"
  printf '%s\n' "${p99s[@]}" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
}
# mixed KEY LOAD-CONNECTIONS LOAD-WRK-ARGS... : one run of the listing at full connections
# while a second wrk keeps LOAD-CONNECTIONS busy with other work; both kept under KEY.
mixed() {
  local key=$1 c=$2
  shift 2
  wanted "$key" || return 0
  reset_peak
  wrk_figures "$c" "$@" > "$work/load.txt" &
  local load=$!
  local listing
  listing=$(wrk_figures "$connections" -s "$here/wrk/offers_pages.lua" "$base")
  wait "$load"
  runs[$key]+="$(microseconds "$(cut -d' ' -f3 <<< "$listing")") $listing $(peak_mb) $(cat "$work/load.txt")"$'\n'
}
# report_mixed KEY NAME IDLE-KEY: the run whose listing p99 is the median, both of its rows, and
# that p99 against the idle listing's median p99.
report_mixed() {
  local key=$1 name=$2 idle=$3
  [ -n "${runs[$key]:-}" ] || return 0
  local r p50 p99 bad rss lr lp50 lp99 lbad
  read -r _ r p50 p99 bad rss lr lp50 lp99 lbad <<< "$(printf '%s' "${runs[$key]}" | sort -g -k1,1 |
    awk '{run[NR] = $0} END {print run[int((NR + 1) / 2)]}')"
  rps[$key]=$r
  print_row "  listing while $name" "$r" "$p50" "$p99" "$bad" "$rss"
  print_row "  $name alongside" "$lr" "$lp50" "$lp99" "$lbad" ""
  [ -n "${runs[$idle]:-}" ] && python3 -c 'import sys; m, i = map(float, sys.argv[1:]); print("  listing p99 %.2f ms against %.2f ms idle: %.2f times" % (m / 1000, i / 1000, m / i))' \
    "$(microseconds "$p99")" "$(median_p99 "$idle")"
}
json_field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
post() { curl -fsS -H 'Content-Type: application/json' "$@"; }

start_server() {  # data-dir: starts the shop; first_200_ms: the time to its first 200
  local started
  started=$(date +%s%N)
  ARTSHOP_DATA_DIR=$1 ARTSHOP_PORT=$port ARTSHOP_STATIC_DIR=$static_dir ARTSHOP_LOG_LEVEL=warn \
    ARTSHOP_PAYMENTS_WEBHOOK_SECRET=$secret ARTSHOP_GENERATION_FREE_PER_DAY=1000 \
    ARTSHOP_LIMIT_REGISTRATIONS_PER_IP=1000/1h "$binary" serve > "$1/server.log" 2>&1 &
  server=$!
  until curl -fs -o /dev/null "$base/api/offers/latest?Currency=EUR"; do
    if ! kill -0 "$server" 2> /dev/null; then
      cat "$1/server.log" >&2
      return 1
    fi
    sleep 0.005
  done
  first_200_ms=$((($(date +%s%N) - started) / 1000000))
}
stop_server() {
  kill "$server" && wait "$server" || true
  server=
}

# A customer with a bought artwork at its largest size, paid from a deposit that a webhook
# signed like the sandbox's confirms.
customer() {
  local email=bench-$1@example.com password='a long bench password 42'
  post -d "{\"email\":\"$email\",\"password\":\"$password\",\"repeatedPassword\":\"$password\",\"agreedToPrivacyPolicy\":true}" \
    "$base/api/Accounts/register" > /dev/null
  login_body="{\"email\":\"$email\",\"password\":\"$password\"}"
  token=$(post -d "$login_body" "$base/api/Accounts/login" | json_field 'd["accessToken"]')
  local billing='"firstName":"Ada","lastName":"Bench","country":"NO","city":"Oslo","address1":"Karl Johans gate 1","state":"","zipCode":"0154","agreedToPP_TOS":true,"javascriptEnabled":true,"acceptLanguage":"en","screenWidth":1920,"screenHeight":1080,"timeZoneOffset":-60,"userAgent":"wrk"'
  local reference t body signature
  reference=$(post -H "Authorization: Bearer $token" \
    -d "{\"depositAmount\":\"1000\",\"currency\":\"EUR\",$billing}" "$base/api/balance/deposit" |
    json_field 'd["deposit"]["reference"]')
  t=$(date +%s)
  body="{\"id\":\"evt_$reference\",\"type\":\"checkout.session.completed\",\"data\":{\"object\":{\"client_reference_id\":\"$reference\",\"payment_status\":\"paid\",\"amount_total\":100000,\"currency\":\"eur\"}}}"
  signature=$(printf '%s' "$t.$body" | openssl dgst -sha256 -hmac "$secret" | awk '{print $NF}')
  curl -fsS -H 'Content-Type: application/json' -H "Stripe-Signature: t=$t,v1=$signature" \
    -d "$body" "$base/api/payments/webhook" > /dev/null
  local offer
  offer=$(curl -fsS "$base/api/offers?Currency=EUR&Style=Anime&PageSize=1" |
    json_field '"%d %d" % (d["items"][0]["id"], max(d["items"][0]["attributes"], key=lambda a: a["longEdge"])["id"])')
  post -H "Authorization: Bearer $token" \
    -d "{\"cartItems\":[{\"offerId\":${offer% *},\"offerAttributeId\":${offer#* }}],\"giftCardAmount\":0,\"currency\":\"EUR\",\"payByBalance\":true,$billing}" \
    "$base/api/orders" > /dev/null
  artwork=$(curl -fsS -H "Authorization: Bearer $token" "$base/api/artworks" | json_field 'd[0]["id"]')
}

# The ceiling: a minimal Boost.Beast server, answering beside the shop throughout.
"$minimal" "$((port + 1))" > /dev/null 2>&1 &
minimal_server=$!
for _ in $(seq 200); do curl -fs -o /dev/null "$minimal_base/" && break; sleep 0.01; done

for size in $sizes; do
  data=$work/shop-$size
  mkdir -p "$data"
  echo
  echo "== HTTP: the shop with $size offers =="
  seeded "$data" "$size"
  start_server "$data"
  echo "process start to first 200 of /api/offers/latest: $first_200_ms ms"

  listing=$(curl -fsS "$base/api/offers?Currency=EUR&PageSize=24")
  offer=$(json_field 'd["items"][0]["urlName"]' <<< "$listing")
  # The thumbnail of median size on the first page visitors see (thumbnails run from 1 to
  # 50 kB), so every catalogue size is measured with the same kind of answer.
  read -r thumbnail thumbnail_bytes <<< "$(python3 -c '
import json, sys, urllib.request
base = sys.argv[1]
def size(path):
    head = urllib.request.Request(base + path, method="HEAD")
    return int(urllib.request.urlopen(head).headers["Content-Length"])
sized = sorted((size(o["thumbnail"]["webp"]), o["thumbnail"]["webp"]) for o in json.load(sys.stdin)["items"])
print(*reversed(sized[len(sized) // 2]))' "$base" <<< "$listing")"
  customer "$size"

  for _ in $(seq "$rounds"); do
    measure "minimal$size" "$minimal_server" "$connections" "$minimal_base/healthz"
    measure "healthz$size" "$server" "$connections" "$base/healthz"
    measure "listing$size" "$server" "$connections" -s "$here/wrk/offers_pages.lua" "$base"
    # The same pages as a browser asks for them (every browser sends Accept-Encoding: gzip).
    measure "gzlisting$size" "$server" "$connections" -H 'Accept-Encoding: gzip, deflate, br' \
      -s "$here/wrk/offers_pages.lua" "$base"
    measure "getone$size" "$server" "$connections" \
      "$base/api/offers/get-one?UrlName=$offer&Currency=USD"
    measure "latest$size" "$server" "$connections" "$base/api/offers/latest?Currency=GBP"
    measure "thumbnail$size" "$server" "$connections" "$base$thumbnail"
  done
  report "minimal$size" "minimal Beast, the /healthz bytes (ceiling)"
  report "healthz$size" "GET /healthz"
  report "listing$size" "GET /api/offers (filtered, sorted, JPY, 24)"
  report "gzlisting$size" "GET /api/offers, as browsers ask (gzip)"
  report "getone$size" "GET /api/offers/get-one"
  report "latest$size" "GET /api/offers/latest"
  report "thumbnail$size" "GET /media thumbnail ($((thumbnail_bytes / 1024)) kB, median)"
  row "index$size" "GET /index.html" "$connections" "$base/index.html"
  BENCH_BODY=$login_body row "login$size" "POST /api/Accounts/login (8 connections)" 8 \
    -s "$here/wrk/post_json.lua" "$base/api/Accounts/login"
  # The listing beside other work, in rounds like the rows above (the idle figure is the
  # listing rows' median p99).
  for _ in $(seq "$rounds"); do
    BENCH_BODY=$login_body mixed "mixlogin$size" 8 \
      -s "$here/wrk/post_json.lua" "$base/api/Accounts/login"
    BENCH_TOKEN=$token mixed "mixdownload$size" 4 \
      -s "$here/wrk/get_signed_in.lua" "$base/api/artworks/$artwork/download"
    BENCH_TOKEN=$token BENCH_BODY='{"prompt":"a lighthouse in a storm","style":"Watercolor","aspectRatio":"3x2","count":1}' \
      mixed "mixgenerate$size" 4 -s "$here/wrk/post_json.lua" "$base/api/generated-images"
  done
  echo "mixed (the run of median listing p99 of $rounds):"
  report_mixed "mixlogin$size" "8 connections log in" "listing$size"
  report_mixed "mixdownload$size" "4 connections download a 4K artwork" "listing$size"
  report_mixed "mixgenerate$size" "4 connections generate images" "listing$size"
  stop_server
done

ratio() {
  python3 -c "import sys; a, b = sys.argv[1:]; print('%.2f' % (float(a) / float(b)) if a and b else '-')" "${rps[$1]:-}" "${rps[$2]:-}"
}
echo
echo "== ratios (req/s within this run) =="
for size in $sizes; do
  echo "$size offers: healthz/minimal $(ratio healthz$size minimal$size)," \
    "listing/healthz $(ratio listing$size healthz$size) (gzip $(ratio gzlisting$size healthz$size))," \
    "thumbnail/healthz $(ratio thumbnail$size healthz$size)," \
    "get-one/listing $(ratio getone$size listing$size)," \
    "latest/listing $(ratio latest$size listing$size)"
done
# The orders export of 100,000 orders in constant memory, and the listing beside it.
if wanted export; then
  echo
  echo "== export (bench/export_load.sh) =="
  BENCH_SECONDS=$seconds BENCH_CONNECTIONS=$connections "$here/export_load.sh" "$build"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Searches and listings no cache has seen, and /healthz beside them (bench/search_load.sh).
if wanted search; then
  echo
  echo "== search (bench/search_load.sh) =="
  BENCH_SECONDS=$seconds BENCH_CONNECTIONS=$connections BENCH_ROUNDS=$rounds "$here/search_load.sh" "$build"
fi
# The front end as a phone and a desktop see it (bench/lighthouse.sh); its verdict is printed.
if wanted lighthouse; then
  ARTSHOP_STATIC_DIR=$static_dir "$here/lighthouse.sh" "$build" || echo "lighthouse: exit status $?"
fi
echo
echo "written to $results"
