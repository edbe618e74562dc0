#!/usr/bin/env bash
# Two `run` schedulers and one notify with the config CONFIG; SIGTERM to both runs once both sleep.
# Environment: DQ, W, CONFIG. Writes run1.log, run2.log, notify.out, status ("S1 S2", the runs'
# exit statuses) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run --config "$CONFIG" 2>"$W/run1.log" &
r1=$!
"$DQ" run --config "$CONFIG" 2>"$W/run2.log" &
r2=$!
"$DQ" notify --config "$CONFIG" >"$W/notify.out" 2>&1 || true
wait_until 30 "run 1's sleep" grep -q 'sleeping until' "$W/run1.log" || true
wait_until 30 "run 2's sleep" grep -q 'sleeping until' "$W/run2.log" || true
kill -TERM "$r1" "$r2" || true
s1=0
wait "$r1" || s1=$?
s2=0
wait "$r2" || s2=$?
echo "$s1 $s2" >"$W/status"
