#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each for SECONDS (default 60),
# all four at once, from the seed corpora in Tests/Fuzz/corpus/. A crash fails the run and leaves
# the input in Tests/Fuzz/crashes/: turn it into a regression test. Leak detection is off:
# FoundationEssentials leaks a 4 KiB buffer in FileManager.contents(atPath:) on some inputs of
# the strfile target, which is not ours to fix, and would end every run.
# The seed is fixed (FUZZ_SEED, default 1) so that a CI failure reproduces; explore further
# locally with other seeds and longer runs.
#   [FUZZ_SEED=N] Tests/Fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/swift-env
seconds=${1:-60}
DAILYQUOTE_FUZZ=1 swift build --scratch-path .build-fuzz --product dailyquote-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
fuzzer=.build-fuzz/debug/dailyquote-fuzz
mkdir -p Tests/Fuzz/crashes
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
  local target=$1
  mkdir -p "$work/$target"
  # The seeds stay as they are; what libFuzzer finds goes to a scratch corpus.
  ASAN_OPTIONS=detect_leaks=0 DQ_FUZZ_TARGET=$target "$fuzzer" "$work/$target" "Tests/Fuzz/corpus/$target" -max_total_time="$seconds" \
    -seed="${FUZZ_SEED:-1}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix="Tests/Fuzz/crashes/$target-" \
    >"$work/$target.log" 2>&1 || { echo "fuzz: $target FAILED" >&2; tail -40 "$work/$target.log" >&2; return 1; }
  echo "fuzz: $target ok ($(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$work/$target.log" | tail -1)s)"
}
# All four at once: each still runs for SECONDS of wall time, sharing the cores.
status=0
pids=()
for target in config jsonpointer acceptance strfile; do
  run "$target" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
