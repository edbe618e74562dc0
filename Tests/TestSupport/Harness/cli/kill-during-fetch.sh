#!/usr/bin/env bash
# refresh with the config CONFIG (a source that never finishes), SIGKILL 1 s later; prints
# refresh's exit status.
# Environment: DQ, CONFIG.
# Exit status: 0.
set -euo pipefail

"$DQ" refresh --config "$CONFIG" &
pid=$!
sleep 1 # into the fetch, which lasts as long as the source's timeout
kill -9 "$pid"
status=0
wait "$pid" || status=$?
echo "$status"
