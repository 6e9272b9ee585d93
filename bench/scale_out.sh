#!/usr/bin/env bash
# Scale-out on PostgreSQL (docs/benchmarks.md): the shop behind nginx on loopback, served by
# (a) one server on its SQLite file, (b) one server on PostgreSQL 15, (c) three servers on that
# same database sharing one data folder (keys, media). Rows: the filtered, sorted, converted
# listing (wrk/offers_pages.lua), and orders paid from the balance, first of one customer (every
# order spends the same balance, so they queue on it) and then of 32 customers in turn
# (wrk/orders_paid.lua), which shows that queue apart from the cost of writing at all.
# Usage: bench/scale_out.sh [build-dir]   (needs wrk, curl, openssl, python3, nginx, psql and
# PostgreSQL 15 in /usr/lib/postgresql/15/bin). The servers run with the shop's defaults (four
# API workers, ARTSHOP_WORKER_THREADS), as bench/run.sh runs them.
# Each row: wrk -t2 -c BENCH_CONNECTIONS (32) for BENCH_SECONDS (5), BENCH_RUNS (3) times; it
# prints the medians of req/s, p50 and p99 and the non-2xx answers of all runs. After an order
# row the paid orders in the database and the balances the shop reports are held against the
# answers wrk received: each 200 is one paid order, and nothing else moved money. BENCH_OFFERS
# (132) is the catalogue's size. Output goes to bench/results/scale-out-<date>.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
seconds=${BENCH_SECONDS:-5}
runs=${BENCH_RUNS:-3}
connections=${BENCH_CONNECTIONS:-32}
offers=${BENCH_OFFERS:-132}
customers=32
pg_bin=/usr/lib/postgresql/15/bin
secret=bench-webhook-secret-0123456789abcdef
work=$(mktemp -d)
mkdir -p "$here/results"
results=$here/results/scale-out-$(date +%Y-%m-%d-%H%M).txt

servers=()
proxy=
postgres_pid=
# PostgreSQL refuses to run as root: then it runs as nobody, in a folder of its own that nobody
# can reach (mktemp's folders are private to their owner).
pg_dir=$(mktemp -d)
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown nobody: "$pg_dir"

# SIGQUIT: nginx's graceful stop; SIGTERM: the shop's.
stop_proxy() {
  [ -n "$proxy" ] && kill -QUIT "$proxy" 2> /dev/null && wait "$proxy" 2> /dev/null || true
  proxy=
}
stop_servers() {
  stop_proxy
  local pid
  for pid in "${servers[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2> /dev/null || true; done
  servers=()
}
cleanup() {
  stop_servers
  if [ -n "$postgres_pid" ]; then
    kill -INT "$postgres_pid" 2> /dev/null || true # fast shutdown
    for _ in $(seq 200); do kill -0 "$postgres_pid" 2> /dev/null || break; sleep 0.1; done
  fi
  rm -rf "$work" "$pg_dir"
}
trap cleanup EXIT
exec > >(tee "$results") 2>&1

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# until DEADLINE-SECONDS COMMAND...: runs COMMAND until it succeeds, failing after the deadline.
until_true() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.05
  done
}
ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/readyz")" = 200 ]; }

echo "artshop scale-out benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r)"
echo "build: $binary of $(date -u -r "$binary" '+%Y-%m-%d %H:%M UTC'), tree at $(git -C "$here" rev-parse --short HEAD 2> /dev/null || echo -)"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t2 -c$connections -d${seconds}s, median of $runs runs per row, loopback, nginx in front"

# --- PostgreSQL 15, fsync on: a commit waits for the disk as it would in production.
pg_port=$(free_port)
as_postgres "$pg_bin/initdb" --pgdata="$pg_dir/data" --username=postgres --auth=trust \
  --encoding=UTF8 --locale=C > "$pg_dir/initdb.log" 2>&1 || {
  cat "$pg_dir/initdb.log"
  exit 1
}
as_postgres "$pg_bin/pg_ctl" --pgdata="$pg_dir/data" --log="$pg_dir/postgres.log" --wait \
  --options="-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c max_connections=200" \
  start > /dev/null || {
  cat "$pg_dir/postgres.log"
  exit 1
}
postgres_pid=$(head -1 "$pg_dir/data/postmaster.pid")
psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c 'CREATE DATABASE artshop' postgres
database_url=postgresql://postgres@127.0.0.1:$pg_port/artshop
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}'): fsync" \
  "$(psql -Atq -h 127.0.0.1 -p "$pg_port" -U postgres -c 'SHOW fsync' postgres)," \
  "synchronous_commit $(psql -Atq -h 127.0.0.1 -p "$pg_port" -U postgres -c 'SHOW synchronous_commit' postgres)"

# --- The two catalogues: the SQLite one in its data folder, the PostgreSQL one beside the data
# folder that its three servers share.
sqlite_data=$work/sqlite
shared_data=$work/shared
mkdir -p "$sqlite_data" "$shared_data"
seed() { # name data-dir [database-url]
  local started=$SECONDS
  ARTSHOP_DATA_DIR=$2 ARTSHOP_DATABASE_URL=${3:-} ARTSHOP_SEED_OFFERS=$offers \
    ARTSHOP_LOG_LEVEL=warn "$binary" seed
  echo "seeded $offers offers into $1 in $((SECONDS - started)) s"
}
seed SQLite "$sqlite_data"
seed PostgreSQL "$shared_data" "$database_url"

start_server() { # data-dir database-url: appends the server's pid; its port in $server_port
  server_port=$(free_port)
  ARTSHOP_DATA_DIR=$1 ARTSHOP_DATABASE_URL=$2 ARTSHOP_PORT=$server_port ARTSHOP_LOG_LEVEL=warn \
    ARTSHOP_PAYMENTS_WEBHOOK_SECRET=$secret ARTSHOP_LIMIT_REGISTRATIONS_PER_IP=1000/1h \
    "$binary" serve >> "$1/server-$server_port.log" 2>&1 &
  servers+=($!)
  server_logs+=("$1/server-$server_port.log")
  if ! until_true 60 ready "http://127.0.0.1:$server_port"; then
    cat "$1/server-$server_port.log"
    return 1
  fi
}
# What the servers logged (warnings and errors) since the last report: counted, the commonest
# shown; then the logs start afresh (the servers append to them).
report_logs() {
  local log
  echo "    the servers logged $(cat "${server_logs[@]}" | wc -l) line(s)"
  cat "${server_logs[@]}" | sed -E 's/^[^ ]+ //; s/request [0-9a-f]+ /request /' |
    sort | uniq -c | sort -rn | head -5 | cut -c1-200 | sed 's/^/    /'
  for log in "${server_logs[@]}"; do : > "$log"; done
}
# start_proxy PORT...: nginx in front of the servers on those ports (round robin, keepalive to
# them), as tests/support/nginx_proxy.cpp runs it; its address in $base.
start_proxy() {
  local folder=$work/nginx port upstreams=
  rm -rf "$folder"
  mkdir -p "$folder"
  port=$(free_port)
  for upstream in "$@"; do upstreams+="    server 127.0.0.1:$upstream max_fails=1 fail_timeout=2s;"$'\n'; done
  cat > "$folder/nginx.conf" << EOF
$([ "$(id -u)" = 0 ] && echo 'user root;')
worker_processes 2;
pid $folder/nginx.pid;
error_log $folder/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $folder/body;
  proxy_temp_path $folder/proxy;
  fastcgi_temp_path $folder/fastcgi;
  uwsgi_temp_path $folder/uwsgi;
  scgi_temp_path $folder/scgi;
  upstream shop {
$upstreams    keepalive 32;
  }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout;
    }
  }
}
EOF
  /usr/sbin/nginx -p "$folder" -c "$folder/nginx.conf" -g 'daemon off;' > "$folder/out.log" 2>&1 &
  proxy=$!
  base=http://127.0.0.1:$port
  if ! until_true 20 ready "$base"; then
    cat "$folder/error.log" "$folder/out.log"
    return 1
  fi
}

# --- Customers: signed up, signed in, funded with deposits of 1000 EUR that a webhook signed like
# the sandbox's confirms.
json_field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
post() { curl -fsS -H 'Content-Type: application/json' "$@"; }
billing='"firstName":"Ada","lastName":"Bench","country":"NO","city":"Oslo","address1":"Karl Johans gate 1","state":"","zipCode":"0154","agreedToPP_TOS":true,"javascriptEnabled":true,"acceptLanguage":"en","screenWidth":1920,"screenHeight":1080,"timeZoneOffset":-60,"userAgent":"wrk"'
password='a long bench password 42'
sign_up() { # email: prints a bearer token
  post -d "{\"email\":\"$1\",\"password\":\"$password\",\"repeatedPassword\":\"$password\",\"agreedToPrivacyPolicy\":true}" \
    "$base/api/Accounts/register" > /dev/null
  post -d "{\"email\":\"$1\",\"password\":\"$password\"}" "$base/api/Accounts/login" |
    json_field 'd["accessToken"]'
}
deposit() { # token
  local reference t body signature
  reference=$(post -H "Authorization: Bearer $1" \
    -d "{\"depositAmount\":\"1000\",\"currency\":\"EUR\",$billing}" "$base/api/balance/deposit" |
    json_field 'd["deposit"]["reference"]')
  t=$(date +%s)
  body="{\"id\":\"evt_$reference\",\"type\":\"checkout.session.completed\",\"data\":{\"object\":{\"client_reference_id\":\"$reference\",\"payment_status\":\"paid\",\"amount_total\":100000,\"currency\":\"eur\"}}}"
  signature=$(printf '%s' "$t.$body" | openssl dgst -sha256 -hmac "$secret" | awk '{print $NF}')
  curl -fsS -H 'Content-Type: application/json' -H "Stripe-Signature: t=$t,v1=$signature" \
    -d "$body" "$base/api/payments/webhook" > /dev/null
}
balance_cents() { # token
  post -H "Authorization: Bearer $1" -d '{"currency":"EUR"}' "$base/api/balance" |
    json_field 'd["balance"]["minorUnits"]'
}
# The orders in the database of what serves now: "all paid".
count_orders() {
  local statement="SELECT count(*), count(*) FILTER (WHERE payments.status = 'Paid')
    FROM orders JOIN payments ON payments.id = orders.payment_id"
  if [ -n "$database" ]; then
    psql -Atq -F ' ' "$database" -c "$statement"
  else
    python3 -c 'import sqlite3, sys; print(*sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone())' \
      "$sqlite_data/artshop.db" "$statement"
  fi
}

# One wrk run: prints "req/s p50 p99 non-2xx [sent answered ok [STATUS:COUNT...]]", latencies in
# ms; non-2xx counts socket errors too.
wrk_figures() {
  wrk --latency -t2 -c"$connections" -d"${seconds}s" "$@" 2>&1 |
    awk 'function ms(v) {
           if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0
           if (v ~ /m$/) return v * 60000; return v * 1000 }
         /Requests\/sec/ {rps=$2} /^ +50%/ {p50=ms($2)} /^ +99%/ {p99=ms($2)}
         /Non-2xx/ {bad+=$NF}
         /Socket errors/ {gsub(/,/, ""); bad+=$4+$6+$8+$10}
         /^orders sent/ {orders=" " $3 " " $5 " " $7; for (i = 9; i <= NF; i++) orders=orders " " $i}
         END {printf "%s %s %s %d%s\n", rps, p50, p99, bad, orders}'
}
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR + 1) / 2)]}'; }

# A row's runs: start_row, measure WRK-ARGS... once per run, end_row NAME prints the medians and
# the non-2xx of all runs; the orders' counts of all runs are left in $sent $answered $ok, and
# the other statuses answered in $statuses.
start_row() {
  all_rps=() all_p50=() all_p99=() all_bad=0 sent=0 answered=0 ok=0 statuses=
}
measure() {
  local r p50 p99 bad s a k other
  read -r r p50 p99 bad s a k other <<< "$(wrk_figures "$@")"
  statuses+=${other:+ $other}
  all_rps+=("$r") all_p50+=("$p50") all_p99+=("$p99")
  all_bad=$((all_bad + bad))
  sent=$((sent + ${s:-0})) answered=$((answered + ${a:-0})) ok=$((ok + ${k:-0}))
  # The shop finishes what wrk left in flight before anything is read or counted.
  until_true 30 idle
}
end_row() {
  printf '%-58s %8.0f req/s  p50 %7.1f ms  p99 %7.1f ms  non-2xx %5d\n' "$1" \
    "$(median "${all_rps[@]}")" "$(median "${all_p50[@]}")" "$(median "${all_p99[@]}")" "$all_bad"
  echo "    req/s of each run: ${all_rps[*]}"
}
# Every server answers nothing but this question (which counts itself in flight).
idle() {
  local port
  for port in "${server_ports[@]}"; do
    curl -fsS "http://127.0.0.1:$port/metrics" |
      awk '/^artshop_http_requests_in_flight / {exit !($2 <= 1)}' || return 1
  done
}

# orders NAME COUNT: COUNT customers place orders paid from their balances, each request as the
# next customer; then the orders in the database and the balances are held against the answers.
orders() {
  local name=$1 count=$2 tokens=() token i deposits before=() after spent=0
  for i in $(seq "$count"); do
    tokens+=("$(sign_up "bench-$target_key-$count-$i@example.com")")
  done
  # Funds for BENCH_ORDERS_CEILING (1000) orders a second in the first run; after each run every
  # customer is topped up by what it spent, outside the measured time.
  deposits=$(((${BENCH_ORDERS_CEILING:-1000} * seconds * price_cents / count + 99999) / 100000))
  for token in "${tokens[@]}"; do
    for _ in $(seq "$deposits"); do deposit "$token"; done
  done
  local placed_before paid_before placed_after paid_after
  read -r placed_before paid_before <<< "$(count_orders)"
  start_row
  for _ in $(seq "$runs"); do
    before=()
    for token in "${tokens[@]}"; do before+=("$(balance_cents "$token")"); done
    BENCH_TOKENS="${tokens[*]}" BENCH_BODY=$order_body measure \
      -s "$here/wrk/orders_paid.lua" "$base/api/orders"
    for i in "${!tokens[@]}"; do
      after=$(balance_cents "${tokens[$i]}")
      spent=$((spent + before[i] - after))
      for _ in $(seq $(((before[i] - after + 99999) / 100000))); do deposit "${tokens[$i]}"; done
    done
  done
  end_row "POST /api/orders, paid from the balance, $name"
  read -r placed_after paid_after <<< "$(count_orders)"
  local placed=$((placed_after - placed_before)) paid=$((paid_after - paid_before)) verdict=ok
  # A request still in flight when wrk stopped went unanswered, though it may have been paid.
  [ "$paid" -ge "$ok" ] && [ "$paid" -le $((ok + sent - answered)) ] || verdict=WRONG
  [ "$placed" = "$paid" ] && [ "$spent" = $((paid * price_cents)) ] || verdict=WRONG
  [ -n "$statuses" ] && echo "    other answers, status:count of each run:$statuses"
  echo "    check: $ok answered 200, $((sent - answered)) unanswered when wrk stopped;" \
    "$placed orders placed, $paid paid; balances down $spent cents = $paid x $price_cents: $verdict"
  [ "$verdict" = ok ] || failures=$((failures + 1))
}

# serve KEY TITLE: the rows against what serves behind nginx now.
serve() {
  target_key=$1
  echo
  echo "== $2 =="
  # The cheapest size of the cheapest offer, so that the funds last; its price in EUR cents.
  local cheapest offer_id attribute_id
  cheapest=$(curl -fsS "$base/api/offers?Currency=EUR&Sort=LowToHigh&PageSize=1" |
    json_field '"%d %d %d" % (lambda o: (lambda a: (o["id"], a["id"], a["price"]["minorUnits"]))(min(o["attributes"], key=lambda a: a["price"]["minorUnits"])))(d["items"][0])')
  read -r offer_id attribute_id price_cents <<< "$cheapest"
  order_body="{\"cartItems\":[{\"offerId\":$offer_id,\"offerAttributeId\":$attribute_id}],\"giftCardAmount\":0,\"currency\":\"EUR\",\"payByBalance\":true,$billing}"
  start_row
  for _ in $(seq "$runs"); do measure -s "$here/wrk/offers_pages.lua" "$base"; done
  end_row "GET /api/offers (filtered, sorted, JPY, 24)"
  orders "one customer" 1
  orders "$customers customers in turn" "$customers"
  report_logs
}

failures=0
server_ports=() server_logs=()
database=
start_server "$sqlite_data" ""
server_ports+=("$server_port")
start_proxy "${server_ports[@]}"
serve a "(a) nginx, one server, SQLite"
stop_servers

# The first server alone makes the keys that the others then read from the shared folder.
database=$database_url
server_ports=() server_logs=()
start_server "$shared_data" "$database"
server_ports+=("$server_port")
start_proxy "${server_ports[@]}"
serve b "(b) nginx, one server, PostgreSQL"
stop_proxy
for _ in 2 3; do
  start_server "$shared_data" "$database"
  server_ports+=("$server_port")
done
start_proxy "${server_ports[@]}"
serve c "(c) nginx, three servers, one PostgreSQL"
stop_servers

echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "written to $results"
if [ "$failures" != 0 ]; then
  echo "$failures order row(s) where the paid orders or the balances do not match the answers"
  exit 1
fi
