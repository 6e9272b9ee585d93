#!/usr/bin/env bash
# The orders export in constant memory (docs/back-office.md, "Exports"): the real server on the
# seeded catalogue with BENCH_EXPORT_ORDERS (100,000) paid orders, an owner made on the command
# line and signed in with a code computed from its key. Prints the export's size and time alone,
# the server's RSS before and its peak (VmHWM) over the exports, and the listing's p99 idle and
# while exports run back to back beside it.
# Usage: bench/export_load.sh [build-dir]   (needs wrk, curl, openssl, python3); BENCH_OFFERS
# (132) offers are seeded.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
orders=${BENCH_EXPORT_ORDERS:-100000}
seconds=${BENCH_SECONDS:-5}
connections=${BENCH_CONNECTIONS:-32}
port=${BENCH_PORT:-18580}
base=http://127.0.0.1:$port
secret=bench-webhook-secret-0123456789abcdef
password='a long bench password 42'
data=$(mktemp -d)
server=
stop() {
  [ -n "$server" ] && { kill "$server" 2> /dev/null && wait "$server" 2> /dev/null || true; }
  server=
}
trap 'stop; rm -rf "$data"' EXIT
export ARTSHOP_DATA_DIR=$data ARTSHOP_LOG_LEVEL=warn ARTSHOP_PAYMENTS_WEBHOOK_SECRET=$secret \
  ARTSHOP_PUBLIC_URL=$base

start() {
  ARTSHOP_PORT=$port "$binary" serve >> "$data/server.log" 2>&1 &
  server=$!
  for _ in $(seq 600); do curl -fs "$base/readyz" > /dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2
  exit 1
}
json() { curl -fs -H 'Content-Type: application/json' "$@"; }
read_json() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }
rss_mb() { awk -v f="$1" '$1 == f ":" {printf "%d", $2 / 1024}' "/proc/$server/status"; }
wrk_figures() {
  wrk --latency -t2 -c"$connections" -d"${seconds}s" -s "$here/wrk/offers_pages.lua" "$base" 2>&1 |
    awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p99=$2} END {printf "%s req/s, p99 %s", rps, p99}'
}

ARTSHOP_SEED_OFFERS=${BENCH_OFFERS:-132} "$binary" seed > /dev/null
start

# One customer's order paid from a deposit, through the API.
email="bench-export@example.com"
json -d "{\"email\":\"$email\",\"password\":\"$password\",\"repeatedPassword\":\"$password\",\"agreedToPrivacyPolicy\":true}" \
  "$base/api/Accounts/register" > /dev/null
token=$(json -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/Accounts/login" |
  read_json "['accessToken']")
auth="Authorization: Bearer $token"
billing='"firstName":"Ada","lastName":"Bench, \"Jr\"","country":"NO","city":"Oslo","address1":"Karl Johans gate 1","state":"","zipCode":"0154","agreedToPP_TOS":true,"javascriptEnabled":true,"acceptLanguage":"en","screenWidth":1920,"screenHeight":1080,"timeZoneOffset":-60,"userAgent":"bench"'
reference=$(json -H "$auth" -d "{\"depositAmount\":\"100\",\"currency\":\"EUR\",$billing}" \
  "$base/api/balance/deposit" | read_json "['deposit']['reference']")
t=$(date +%s)
body="{\"id\":\"evt_$reference\",\"type\":\"checkout.session.completed\",\"data\":{\"object\":{\"client_reference_id\":\"$reference\",\"payment_status\":\"paid\",\"amount_total\":10000,\"currency\":\"eur\"}}}"
signature=$(printf '%s' "$t.$body" | openssl dgst -sha256 -hmac "$secret" | awk '{print $NF}')
curl -fs -H 'Content-Type: application/json' -H "Stripe-Signature: t=$t,v1=$signature" \
  -d "$body" "$base/api/payments/webhook" > /dev/null
offers=$(curl -fs "$base/api/offers?Currency=EUR&Style=Anime&PageSize=1")
offer_id=$(echo "$offers" | read_json "['items'][0]['id']")
attribute_id=$(echo "$offers" | read_json "['items'][0]['attributes'][0]['id']")
json -H "$auth" -d "{\"cartItems\":[{\"offerId\":$offer_id,\"offerAttributeId\":$attribute_id}],\"giftCardAmount\":0,\"currency\":\"EUR\",\"payByBalance\":true,$billing}" \
  "$base/api/orders" > /dev/null

# The owner: the command line's set-up link, set up with the code an app would show.
link=$("$binary" staff add owner@bench.example --role owner | grep -o "$base/admin/setup/[^ ]*")
setup=$base/api/admin/setup/${link##*/}
key=$(curl -fs "$setup" | read_json "['secret']")
code=$(python3 - "$key" << 'PY'
import base64, hmac, struct, sys, time
key = base64.b32decode(sys.argv[1])
mac = hmac.digest(key, struct.pack(">Q", int(time.time()) // 30), "sha1")
at = mac[-1] & 15
print("%06d" % ((struct.unpack(">I", mac[at:at + 4])[0] & 0x7FFFFFFF) % 1000000))
PY
)
session=$(json -d "{\"password\":\"$password\",\"code\":\"$code\"}" "$setup" |
  read_json "['session']['token']")
stop

# The one order copied until there are `orders`, each with a payment of its own.
python3 - "$data/artshop.db" "$orders" << 'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
wanted = int(sys.argv[2])
def columns(table):
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
payment_columns = [c for c in columns("payments") if c != "id"]
order_columns = [c for c in columns("orders") if c not in ("id", "payment_id")]
payment = dict(zip(payment_columns, db.execute(
    f"SELECT {', '.join(payment_columns)} FROM payments WHERE purpose = 'Order'").fetchone()))
order = db.execute(f"SELECT {', '.join(order_columns)} FROM orders").fetchone()
have = db.execute("SELECT count(*) FROM orders").fetchone()[0]
with db:
    for n in range(have, wanted):
        payment["reference"] = f"ord_bench_{n:07d}"
        payment_id = db.execute(
            f"INSERT INTO payments ({', '.join(payment)}) VALUES ({', '.join('?' * len(payment))})",
            list(payment.values())).lastrowid
        db.execute(
            f"INSERT INTO orders (payment_id, {', '.join(order_columns)}) "
            f"VALUES (?, {', '.join('?' * len(order_columns))})", [payment_id, *order])
PY

start
export_once() {
  curl -fs -H "Authorization: Bearer $session" -o /dev/null -w '%{size_download} %{time_total}' \
    "$base/api/admin/exports/orders.csv"
}
before=$(rss_mb VmRSS)
echo 5 > "/proc/$server/clear_refs" 2> /dev/null || true
read -r bytes took <<< "$(export_once)"
alone_peak=$(rss_mb VmHWM)
idle=$(wrk_figures)
wrk_figures > "$data/during.txt" &
load=$!
exports=0
while kill -0 "$load" 2> /dev/null; do
  export_once > /dev/null
  exports=$((exports + 1))
done
wait "$load"
peak=$(rss_mb VmHWM)
echo "export $orders orders: $(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1048576}') MB of CSV in ${took}s alone;" \
  "RSS ${before} MB before, peak ${alone_peak} MB after one export, ${peak} MB after $((exports + 1))" \
  "(growth $((peak - before)) MB)"
echo "listing idle: $idle; during back-to-back exports: $(cat "$data/during.txt")"
