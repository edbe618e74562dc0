#!/usr/bin/env bash
# run -v with the config CONFIG, which the script rewrites twice while run sleeps: first
# invalid (hour 99), then valid (05:30, moved into place). Prints run's log.
# Environment: DQ, W, CONFIG. Writes run.log and status (run's exit status) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -v --config "$CONFIG" 2>"$W/run.log" &
r=$!
wait_until 30 "run's sleep" grep -q 'sleeping until' "$W/run.log" || true
printf '[delivery]\nhour = 99\n' >"$CONFIG"
wait_until 30 "the invalid config refused" grep -q 'keeping the previous config' "$W/run.log" || true
printf '[delivery]\nhour = 5\nminute = 30\n' >"$CONFIG.new"
mv "$CONFIG.new" "$CONFIG"
wait_until 30 "the reload" grep -q 'plan reloaded' "$W/run.log" || true
kill -TERM "$r" || true
record "$W/status" wait "$r"
cat "$W/run.log"
