#!/usr/bin/env bash
# Lighthouse performance of the built front end as the real server serves it: the home page, the
# gallery, a picture page, the generator, and the cart as a visitor sees it (a sign-in prompt) and
# as a signed-in shopper with a picture in it does (a Chromium profile made by
# frontend/scripts/lighthouse-profile.mjs, kept through the runs), with Lighthouse's mobile
# preset (its default: a Moto G Power class phone, 4x CPU slowdown, simulated slow 4G) and its
# desktop preset (docs/benchmarks.md).
# Usage: bench/lighthouse.sh [build-dir]   (needs chromium, curl, python3 and frontend/node_modules)
# Each page and preset runs LIGHTHOUSE_RUNS (5) times; the run with the median score is printed:
# score, FCP, LCP, TBT, CLS, Speed Index. Fails when a median is below LIGHTHOUSE_MIN_SCORE (95).
# LIGHTHOUSE_PAGES (a regex) audits only the pages whose name matches (home, gallery, picture,
# generate, cart, cart-signed-in); LIGHTHOUSE_KEEP=<folder> keeps every JSON report there.
# ARTSHOP_STATIC_DIR (frontend/dist) picks the build; BENCH_SEEDED=<folder> keeps the seeded
# catalogue there and reuses it on the next run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-build}")
binary=$build/app/artshop
frontend=$(realpath "$here/../frontend")
static_dir=$(realpath "${ARTSHOP_STATIC_DIR:-$frontend/dist}")
lighthouse=$frontend/node_modules/.bin/lighthouse
runs=${LIGHTHOUSE_RUNS:-5}
min_score=${LIGHTHOUSE_MIN_SCORE:-95}
offers=${LIGHTHOUSE_OFFERS:-200}
port=${LIGHTHOUSE_PORT:-18490}
base=http://127.0.0.1:$port
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
chrome_flags="--headless=new --disable-gpu --no-first-run --disable-background-networking"
[ "$(id -u)" = 0 ] && chrome_flags="$chrome_flags --no-sandbox"

work=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2> /dev/null && wait "$server" 2> /dev/null
  [ -n "${LIGHTHOUSE_KEEP:-}" ] && mkdir -p "$LIGHTHOUSE_KEEP" && cp "$work"/*.json "$LIGHTHOUSE_KEEP" 2> /dev/null
  rm -rf "$work"
}
trap cleanup EXIT

[ -x "$lighthouse" ] || { echo "no $lighthouse: run npm ci in frontend/" >&2; exit 1; }
[ -f "$static_dir/index.html" ] || { echo "no built front end in $static_dir" >&2; exit 1; }

data=$work/shop
if [ -n "${BENCH_SEEDED:-}" ] && [ -d "$BENCH_SEEDED/lighthouse-$offers" ]; then
  cp -r "$BENCH_SEEDED/lighthouse-$offers" "$data"
else
  mkdir -p "$data"
  ARTSHOP_DATA_DIR=$data ARTSHOP_SEED_OFFERS=$offers ARTSHOP_LOG_LEVEL=warn "$binary" seed
  [ -n "${BENCH_SEEDED:-}" ] && mkdir -p "$BENCH_SEEDED" && cp -r "$data" "$BENCH_SEEDED/lighthouse-$offers"
fi
ARTSHOP_DATA_DIR=$data ARTSHOP_PORT=$port ARTSHOP_STATIC_DIR=$static_dir ARTSHOP_LOG_LEVEL=warn \
  "$binary" serve > "$work/server.log" 2>&1 &
server=$!
until curl -fs -o /dev/null "$base/api/offers/latest?Currency=EUR"; do
  if ! kill -0 "$server" 2> /dev/null; then
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.05
done
picture=$(curl -fsS "$base/api/offers/latest?Currency=EUR" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["items"][0]["urlName"])')
(cd "$frontend" && node scripts/lighthouse-profile.mjs "$base" "/gallery/picture/$picture" \
  "$work/shopper")

# One Lighthouse run; prints the path of its JSON report, which is missing when the run failed
# (its last error line goes to stderr).
# A page whose name ends in "-in" is audited in the signed-in shopper's profile.
audit() {  # name preset run url
  local report=$work/$1-$2-$3.json preset=() flags=$chrome_flags
  [ "$2" = desktop ] && preset=(--preset=desktop)
  if [[ $1 == *-in ]]; then
    preset+=(--disable-storage-reset)
    flags="$flags --user-data-dir=$work/shopper"
  fi
  if ! "$lighthouse" "$4" "${preset[@]}" --only-categories=performance --output=json \
    --output-path="$report" --chrome-flags="$flags" --quiet > /dev/null 2> "$report.log"; then
    echo "lighthouse $2 $4 failed: $(grep -v '^ *at ' "$report.log" | tail -1)" >&2
    rm -f "$report"
  fi
  echo "$report"
}

# The report with the median score among the given ones, as one printed row.
median_row() {  # label reports...
  python3 - "$@" << 'EOF'
import json, os, sys
label, paths = sys.argv[1], sys.argv[2:]
score = lambda report: report["categories"]["performance"]["score"]
# A run that Lighthouse could not finish or score (a page that never painted in time) counts as
# failed; a page with no scored run scores 0.
loaded = (json.load(open(p)) for p in paths if os.path.exists(p))
reports = sorted((r for r in loaded if score(r) is not None), key=score)
failed = len(paths) - len(reports)
if not reports:
    print("%-50s score   0 (all %d runs failed)" % (label, failed))
    sys.exit()
r = reports[len(reports) // 2]
a = r["audits"]
ms = lambda key: "%6.0f ms" % a[key]["numericValue"]
scores = ",".join([str(round(score(x) * 100)) for x in reports] + ["failed"] * failed)
print("%-50s score %3d (runs %-8s)  FCP %s  LCP %s  TBT %s  CLS %5.3f  SI %s" % (
    label, round(score(r) * 100), scores,
    ms("first-contentful-paint"), ms("largest-contentful-paint"), ms("total-blocking-time"),
    a["cumulative-layout-shift"]["numericValue"], ms("speed-index")))
EOF
}

echo
echo "== Lighthouse $("$lighthouse" --version), $("$CHROME_PATH" --version 2> /dev/null | head -1) =="
echo "performance only, median of $runs runs; front end from $static_dir"
below=0
for preset in mobile desktop; do
  for page in "home /" "gallery /gallery" "picture /gallery/picture/$picture" \
    "generate /generate" "cart /cart" "cart-signed-in /cart"; do
    name=${page%% *}
    path=${page#* }
    [[ $name =~ ${LIGHTHOUSE_PAGES:-.} ]] || continue
    reports=()
    for run in $(seq "$runs"); do reports+=("$(audit "$name" "$preset" "$run" "$base$path")"); done
    label="$preset $path"
    [[ $name == *-in ]] && label="$label (signed in, one picture)"
    row=$(median_row "$label" "${reports[@]}")
    echo "$row"
    score=$(sed -E 's/.* score +([0-9]+) .*/\1/' <<< "$row")
    [ "$score" -lt "$min_score" ] && below=1
  done
done
if [ "$below" = 1 ]; then
  echo "lighthouse: a median score is below $min_score"
  exit 1
fi
echo "lighthouse: every median score is at least $min_score"
