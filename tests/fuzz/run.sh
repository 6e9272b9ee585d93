#!/usr/bin/env bash
# Runs every libFuzzer target of a fuzz build for a while, two at a time, and sums up:
#   tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [PARALLEL_RUNS]
# Each target starts from its committed seeds and regression inputs (tests/fuzz/corpus/<target>)
# plus what earlier runs found (BUILD_DIR/fuzz-corpus/<target>, where new inputs go, so the
# work tree stays clean). A crashing input is written to BUILD_DIR/fuzz-crashes/<target>/ and
# the run fails; copy it into the committed corpus once the bug is fixed.
# Last line: "fuzz: N targets, M runs, K crashes".
set -uo pipefail

build_dir=${1:?usage: run.sh BUILD_DIR SECONDS_PER_TARGET [PARALLEL_RUNS]}
seconds=${2:?usage: run.sh BUILD_DIR SECONDS_PER_TARGET [PARALLEL_RUNS]}
parallel=${3:-2}
source_dir=$(cd "$(dirname "$0")" && pwd)
targets=(fuzz_json_request fuzz_router fuzz_jwt fuzz_webhook fuzz_codes fuzz_manifest
  fuzz_search_index)

# A sanitizer report is a crash: stop at the first one, with a stack trace.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

run_target() {
  local target=$1
  local work="$build_dir/fuzz-corpus/$target" crashes="$build_dir/fuzz-crashes/$target"
  mkdir -p "$work" "$crashes"
  "$build_dir/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" \
    "$work" "$source_dir/corpus/$target" >"$build_dir/fuzz-logs/$target.log" 2>&1
}

mkdir -p "$build_dir/fuzz-logs"
for target in "${targets[@]}"; do
  if [ ! -x "$build_dir/tests/fuzz/$target" ]; then
    echo "fuzz: $build_dir/tests/fuzz/$target is not built" >&2
    exit 2
  fi
done

declare -A status
running=()
for target in "${targets[@]}"; do
  run_target "$target" &
  running+=("$!:$target")
  if [ ${#running[@]} -ge "$parallel" ]; then
    entry=${running[0]}; running=("${running[@]:1}")
    wait "${entry%%:*}"; status[${entry#*:}]=$?
  fi
done
for entry in "${running[@]}"; do
  wait "${entry%%:*}"; status[${entry#*:}]=$?
done

total_runs=0
crashes=0
for target in "${targets[@]}"; do
  log="$build_dir/fuzz-logs/$target.log"
  runs=$(grep -m1 -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
  corpus=$(find "$build_dir/fuzz-corpus/$target" -type f | wc -l)
  total_runs=$((total_runs + ${runs:-0}))
  if [ "${status[$target]}" -eq 0 ]; then
    printf '%-18s %10s runs, %5s inputs in the corpus, no crash\n' "$target" "${runs:-0}" "$corpus"
  else
    crashes=$((crashes + 1))
    printf '%-18s CRASHED (exit %s); the input is in %s, the report:\n' \
      "$target" "${status[$target]}" "$build_dir/fuzz-crashes/$target/"
    grep -v '^#\|^INFO:\|^MS:\|^base64:' "$log" | tail -n 40
  fi
done
printf 'fuzz: %d targets, %d runs, %d crashes\n' "${#targets[@]}" "$total_runs" "$crashes"
[ "$crashes" -eq 0 ]
