#!/usr/bin/env bash
# Five refresh processes at once with the config CONFIG; prints each one's exit status, a line each.
# Environment: DQ, CONFIG.
# Exit status: 0.
set -euo pipefail

jobs=()
for _ in 1 2 3 4 5; do
  "$DQ" refresh --config "$CONFIG" >/dev/null 2>&1 &
  jobs+=("$!")
done
for job in "${jobs[@]}"; do
  status=0
  wait "$job" || status=$?
  echo "$status"
done
