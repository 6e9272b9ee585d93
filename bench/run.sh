#!/usr/bin/env bash
# `make bench`: the core micro-benchmarks, then the HTTP load suite on loopback against a
# Release build, on the catalogue the shop seeds (132 offers), then 10,000, then 100,000
# (docs/benchmarks.md).
# Usage: bench/run.sh [build-dir]   (needs wrk, curl, openssl, python3)
# Every row runs BENCH_SECONDS (5) with wrk -t2 -c BENCH_CONNECTIONS (32); it prints req/s,
# p50, p99, errors (non-2xx and socket errors) and the server's peak RSS during the row, then
# the ratios, and writes everything to bench/results/<date>.txt. BENCH_SEEDED=<folder> keeps the
# seeded catalogues there and reuses them on the next run. BENCH_ROWS=<regex> runs only the rows
# whose key matches (keys: core, minimal, healthz, listing, gzlisting, getone, latest, thumbnail, index, login,
# mixlogin, mixdownload, mixgenerate, each followed by the catalogue size, and lighthouse), e.g.
# BENCH_ROWS='mix(download|generate)'.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
minimal=$build/bench/minimal_server
static_dir=${ARTSHOP_STATIC_DIR:-$(realpath "$here/../frontend/dist")}
seconds=${BENCH_SECONDS:-5}
connections=${BENCH_CONNECTIONS:-32}
sizes=${BENCH_SIZES:-132 10000 100000}
rows=${BENCH_ROWS:-.}
wanted() { [[ $1 =~ $rows ]]; }
port=${BENCH_PORT:-18480}
base=http://127.0.0.1:$port
secret=bench-webhook-secret-0123456789abcdef
work=$(mktemp -d)
mkdir -p "$here/results"
results=$here/results/$(date +%Y-%m-%d-%H%M).txt
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2> /dev/null && wait "$server" 2> /dev/null
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

declare -A rps

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
reset_peak() { [ -n "$server" ] && echo 5 > "/proc/$server/clear_refs" 2> /dev/null || true; }
peak_mb() {
  [ -n "$server" ] && awk '/VmHWM/ {printf "%d", $2 / 1024}' "/proc/$server/status" || echo -
}
print_row() {  # name rps p50 p99 errors rss
  printf '%-46s %10s req/s  p50 %8s  p99 %8s  errors %6s  peak RSS %5s MB\n' "$@"
}
# row KEY NAME CONNECTIONS WRK-ARGS...: one measured row, its req/s kept under KEY.
row() {
  local key=$1 name=$2 c=$3
  shift 3
  wanted "$key" || return 0
  reset_peak
  read -r r p50 p99 bad <<< "$(wrk_figures "$c" "$@")"
  rps[$key]=$r
  print_row "$name" "$r" "$p50" "$p99" "$bad" "$(peak_mb)"
}
# mixed KEY NAME LOAD-CONNECTIONS LOAD-WRK-ARGS... : the listing at full connections while a
# second wrk keeps LOAD-CONNECTIONS busy with other work; prints both.
mixed() {
  local key=$1 name=$2 c=$3
  shift 3
  wanted "$key" || return 0
  reset_peak
  wrk_figures "$c" "$@" > "$work/load.txt" &
  local load=$!
  read -r r p50 p99 bad <<< "$(wrk_figures "$connections" -s "$here/wrk/offers_pages.lua" "$base")"
  wait "$load"
  read -r lr lp50 lp99 lbad < "$work/load.txt"
  rps[$key]=$r
  print_row "  listing while $name" "$r" "$p50" "$p99" "$bad" "$(peak_mb)"
  print_row "  $name alongside" "$lr" "$lp50" "$lp99" "$lbad" ""
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

echo
echo "== HTTP: a minimal Boost.Beast server (the ceiling) =="
"$minimal" "$port" > /dev/null 2>&1 &
server=$!
for _ in $(seq 200); do curl -fs -o /dev/null "$base/" && break; sleep 0.01; done
row minimal "minimal Beast, the /healthz bytes" "$connections" "$base/healthz"
stop_server

for size in $sizes; do
  data=$work/shop-$size
  mkdir -p "$data"
  echo
  echo "== HTTP: the shop with $size offers =="
  if [ -n "${BENCH_SEEDED:-}" ] && [ -d "$BENCH_SEEDED/shop-$size" ]; then
    # Copies of catalogues seeded before, to measure again without drawing again.
    cp -r "$BENCH_SEEDED/shop-$size/." "$data"
  else
    seeded_at=$(date +%s%N)
    ARTSHOP_DATA_DIR=$data ARTSHOP_SEED_OFFERS=$size ARTSHOP_LOG_LEVEL=warn "$binary" seed
    echo "seeding $size offers (132 pictures drawn): $((($(date +%s%N) - seeded_at) / 1000000)) ms"
    [ -n "${BENCH_SEEDED:-}" ] && mkdir -p "$BENCH_SEEDED" && cp -r "$data" "$BENCH_SEEDED/"
  fi
  start_server "$data"
  echo "process start to first 200 of /api/offers/latest: $first_200_ms ms"

  listing=$(curl -fsS "$base/api/offers?Currency=EUR&PageSize=1")
  offer=$(json_field 'd["items"][0]["urlName"]' <<< "$listing")
  thumbnail=$(json_field 'd["items"][0]["thumbnail"]["webp"]' <<< "$listing")
  customer "$size"

  row "healthz$size" "GET /healthz" "$connections" "$base/healthz"
  row "listing$size" "GET /api/offers (filtered, sorted, JPY, 24)" "$connections" \
    -s "$here/wrk/offers_pages.lua" "$base"
  # The same pages as a browser asks for them (every browser sends Accept-Encoding: gzip).
  row "gzlisting$size" "GET /api/offers, as browsers ask (gzip)" "$connections" \
    -H 'Accept-Encoding: gzip, deflate, br' -s "$here/wrk/offers_pages.lua" "$base"
  row "getone$size" "GET /api/offers/get-one" "$connections" \
    "$base/api/offers/get-one?UrlName=$offer&Currency=USD"
  row "latest$size" "GET /api/offers/latest" "$connections" "$base/api/offers/latest?Currency=GBP"
  row "thumbnail$size" "GET /media thumbnail (200, full body)" "$connections" "$base$thumbnail"
  row "index$size" "GET /index.html" "$connections" "$base/index.html"
  BENCH_BODY=$login_body row "login$size" "POST /api/Accounts/login (8 connections)" 8 \
    -s "$here/wrk/post_json.lua" "$base/api/Accounts/login"
  echo "mixed:"
  BENCH_BODY=$login_body mixed "mixlogin$size" "8 connections log in" 8 \
    -s "$here/wrk/post_json.lua" "$base/api/Accounts/login"
  BENCH_TOKEN=$token mixed "mixdownload$size" "4 connections download a 4K artwork" 4 \
    -s "$here/wrk/get_signed_in.lua" "$base/api/artworks/$artwork/download"
  BENCH_TOKEN=$token BENCH_BODY='{"prompt":"a lighthouse in a storm","style":"Watercolor","aspectRatio":"3x2","count":1}' \
    mixed "mixgenerate$size" "4 connections generate images" 4 \
    -s "$here/wrk/post_json.lua" "$base/api/generated-images"
  stop_server
done

ratio() {
  python3 -c "import sys; a, b = sys.argv[1:]; print('%.2f' % (float(a) / float(b)) if a and b else '-')" "${rps[$1]:-}" "${rps[$2]:-}"
}
echo
echo "== ratios (req/s within this run) =="
for size in $sizes; do
  echo "$size offers: healthz/minimal $(ratio healthz$size minimal)," \
    "listing/healthz $(ratio listing$size healthz$size) (gzip $(ratio gzlisting$size healthz$size))," \
    "thumbnail/healthz $(ratio thumbnail$size healthz$size)," \
    "get-one/listing $(ratio getone$size listing$size)," \
    "latest/listing $(ratio latest$size listing$size)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# The front end as a phone and a desktop see it (bench/lighthouse.sh); its verdict is printed.
if wanted lighthouse; then
  ARTSHOP_STATIC_DIR=$static_dir "$here/lighthouse.sh" "$build" || echo "lighthouse: exit status $?"
fi
echo
echo "written to $results"
