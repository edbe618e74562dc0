#!/usr/bin/env bash
# notify at 2026-06-01 06:00:01 UTC (faketime, config CONFIG) with dunst stopped (SIGSTOP).
# Environment: DQ, W, CONFIG, DUNST_PID, XDG_STATE_HOME. Writes frozen.out, frozen.err,
# frozen.rc, frozen.ms (how long notify took), consumed ("yes" when state.json exists) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

kill -STOP "$DUNST_PID"
"$(dirname "$0")/notify-steps.sh" '2026-06-01 06:00:01' frozen
kill -CONT "$DUNST_PID"
if [ -e "$XDG_STATE_HOME/dailyquote/state.json" ]; then echo yes >"$W/consumed"; fi
