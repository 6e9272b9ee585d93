#!/bin/bash
# A start of the server on a data folder, timed from exec to the first 200 of /readyz, then its
# resident memory, then a clean stop (docs/benchmarks.md, "A million offers"). Into an empty
# folder it is a first start, seeding SEED_OFFERS offers; on a seeded one, a restart.
#
#   bench/catalogue_start.sh build/app/artshop DATA_DIR SEED_OFFERS PORT
set -euo pipefail
binary=$1 data=$2 offers=$3 port=$4
mkdir -p "$data"
started=$(date +%s.%N)
ARTSHOP_DATA_DIR=$data ARTSHOP_SEED_OFFERS=$offers ARTSHOP_PORT=$port ARTSHOP_LOG_LEVEL=info \
  nice "$binary" serve >"$data/server.log" 2>&1 &
pid=$!
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
  kill -0 "$pid" 2>/dev/null || { echo "the server stopped; see $data/server.log"; exit 1; }
  sleep 0.05
done
ready=$(date +%s.%N)
echo "start to ready: $(echo "$ready - $started" | bc) s"
grep -E 'VmRSS|VmHWM' "/proc/$pid/status"
kill "$pid"
wait "$pid" || true
