#!/usr/bin/env bash
# run -v with the config CONFIG until the history has its first line; the instant it was seen
# (date +%s.%N) is recorded, then SIGTERM.
# Environment: DQ, W, XDG_STATE_HOME, CONFIG. Writes run.log, seen, status in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -v --config "$CONFIG" 2>"$W/run.log" &
r=$!
recorded() { [ -s "$XDG_STATE_HOME/dailyquote/history.jsonl" ]; }
wait_until 150 "the delivery's record" recorded || true
date +%s.%N >"$W/seen"
kill -TERM "$r" || true
record "$W/status" wait "$r"
