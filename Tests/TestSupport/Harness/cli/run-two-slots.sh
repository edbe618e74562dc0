#!/usr/bin/env bash
# run -v with the config CONFIG until the history has two lines; the instant that was seen
# (date +%s.%N) is recorded, then SIGTERM.
# Environment: DQ, W, XDG_STATE_HOME, CONFIG. Writes run.log, seen, status in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -v --config "$CONFIG" 2>"$W/run.log" &
r=$!
two_recorded() { [ "$(wc -l <"$XDG_STATE_HOME/dailyquote/history.jsonl" 2>/dev/null)" = 2 ]; }
wait_until 200 "two deliveries recorded" two_recorded || true
date +%s.%N >"$W/seen"
kill -TERM "$r" || true
record "$W/status" wait "$r"
