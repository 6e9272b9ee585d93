#!/usr/bin/env bash
# Whole-process figures of the money calls: the real server on a seeded catalogue, one signed-in
# customer, loaded by wrk on loopback; then the time to download a bought artwork.
# Usage: bench/checkout_load.sh [build-dir]   (needs wrk, curl and openssl)
# Prints requests/s and latency for placing orders (pending, with a sandbox payment link; and
# paid from the balance), listing orders, the balance, and the download times of one artwork.
set -euo pipefail
build=${1:-build}
binary=$(realpath "$build/app/artshop")
data=$(mktemp -d)
port=${BENCH_PORT:-18391}
secret=bench-webhook-secret-0123456789abcdef
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"' EXIT

export ARTSHOP_DATA_DIR=$data ARTSHOP_LOG_LEVEL=warn ARTSHOP_PAYMENTS_WEBHOOK_SECRET=$secret
# The load places many unpaid orders for one customer: lift the per-customer cap for it.
export ARTSHOP_ORDERS_MAX_PENDING_ORDERS=1000000 ARTSHOP_ORDERS_MAX_PENDING_DEPOSITS=1000000
# Registration and login are rate limited per address; the benchmark signs up one customer.
ARTSHOP_SEED_OFFERS=${BENCH_OFFERS:-132} "$binary" seed
ARTSHOP_PORT=$port "$binary" serve > "$data/server.log" 2>&1 &
server=$!
base=http://127.0.0.1:$port
for _ in $(seq 100); do curl -fs "$base/readyz" > /dev/null && break; sleep 0.1; done

json() { curl -fs -H 'Content-Type: application/json' "$@"; }
field() { sed -E "s/.*\"$1\":\"?([^\",}]+).*/\1/"; }

email="bench-$$@example.com"
password='a long bench password 42'
json -d "{\"email\":\"$email\",\"password\":\"$password\",\"repeatedPassword\":\"$password\",\"agreedToPrivacyPolicy\":true}" \
  "$base/api/Accounts/register" > /dev/null
token=$(json -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/Accounts/login" | field accessToken)
auth="Authorization: Bearer $token"

# The cheapest size of the first regular offer, and one 4K size to download later.
offers=$(curl -fs "$base/api/offers?Currency=EUR&Style=Anime&PageSize=1")
offer_id=$(echo "$offers" | sed -E 's/.*"items":\[\{"id":([0-9]+).*/\1/')
attribute_id=$(echo "$offers" | sed -E 's/.*"attributes":\[\{"id":([0-9]+).*/\1/')
billing='"firstName":"Ada","lastName":"Bench","country":"NO","city":"Oslo","address1":"Karl Johans gate 1","state":"","zipCode":"0154","agreedToPP_TOS":true,"javascriptEnabled":true,"acceptLanguage":"en","screenWidth":1920,"screenHeight":1080,"timeZoneOffset":-60,"userAgent":"wrk"'
order_body() {
  echo "{\"cartItems\":[{\"offerId\":$offer_id,\"offerAttributeId\":$attribute_id}],\"giftCardAmount\":0,\"currency\":\"EUR\",\"payByBalance\":$1,$billing}"
}

# Funds: deposits of 1000 EUR, each paid by a webhook signed like the sandbox's.
pay_deposit() {
  local reference
  reference=$(json -H "$auth" -d "{\"depositAmount\":\"1000\",\"currency\":\"EUR\",$billing}" \
    "$base/api/balance/deposit" | sed -E 's/.*"reference":"([^"]+)".*/\1/')
  local t body signature
  t=$(date +%s)
  body="{\"id\":\"evt_$reference\",\"type\":\"checkout.session.completed\",\"data\":{\"object\":{\"client_reference_id\":\"$reference\",\"payment_status\":\"paid\",\"amount_total\":100000,\"currency\":\"eur\"}}}"
  signature=$(printf '%s' "$t.$body" | openssl dgst -sha256 -hmac "$secret" | awk '{print $NF}')
  curl -fs -H 'Content-Type: application/json' -H "Stripe-Signature: t=$t,v1=$signature" \
    -d "$body" "$base/api/payments/webhook" > /dev/null
}
for _ in $(seq "${BENCH_DEPOSITS:-300}"); do pay_deposit; done

script() {
  cat > "$data/$1.lua" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$2'
EOF
  echo "$data/$1.lua"
}
run() {
  local name=$1
  shift
  printf '%-40s ' "$name"
  wrk --latency -t2 -c${BENCH_CONNECTIONS:-16} -d${BENCH_SECONDS:-10}s -H "$auth" "$@" |
    awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$NF}
         END {printf "%10s req/s   p50 %8s   p99 %8s%s\n", rps, p50, p99, bad ? "   non-2xx " bad : ""}'
}
# A customer's history as it usually is: 20 orders, half paid from the balance.
for i in $(seq 20); do
  json -H "$auth" -d "$(order_body $([ $((i % 2)) = 0 ] && echo true || echo false))" \
    "$base/api/orders" > /dev/null
done
run "GET /api/orders (20 orders)" "$base/api/orders"
run "POST /api/balance (in JPY)" -s "$(script balance '{"currency":"JPY"}')" "$base/api/balance"
run "POST /api/orders (payment link)" -s "$(script pending "$(order_body false)")" "$base/api/orders"
run "POST /api/orders (paid from balance)" -s "$(script paid "$(order_body true)")" "$base/api/orders"

# One bought artwork: the server draws it from its recipe at the bought size at every download.
artworks=$(curl -fs -H "$auth" "$base/api/artworks")
artwork=$(echo "$artworks" | sed -E 's/^\[\{"id":([0-9]+).*/\1/')
size=$(echo "$artworks" | sed -E 's/^\[\{[^]]*"sizeName":"([^"]+)","longEdge":([0-9]+).*/\1, \2 px/')
printf '%-40s ' "GET /api/artworks/{id}/download ($size)"
for _ in 1 2 3 4 5; do
  curl -fs -o /dev/null -w '%{time_total}\n' -H "$auth" "$base/api/artworks/$artwork/download"
done | sort -n | awk '{t[NR]=$1} END {printf "median %.2f s of 5 (min %.2f, max %.2f)\n", t[3], t[1], t[5]}'
