#!/usr/bin/env bash
# 20 notify processes at once at 2026-06-01 06:00:01 UTC (faketime), config CONFIG.
# Environment: DQ, W, CONFIG. Writes c1.out ... c20.out (each with its standard error) and
# c1.rc ... c20.rc (each exit status) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

jobs=()
for i in $(seq 20); do
  faketime -f '@2026-06-01 06:00:01' "$DQ" notify --config "$CONFIG" >"$W/c$i.out" 2>&1 &
  jobs+=("$!")
done
for i in $(seq 20); do
  status=0
  wait "${jobs[i - 1]}" || status=$?
  echo "$status" >"$W/c$i.rc"
done
