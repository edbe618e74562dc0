#!/usr/bin/env bash
# With dunst stopped (SIGSTOP): notify at 2026-06-01 06:00:01 UTC (faketime, config CONFIG), or,
# with the argument "reports", status and doctor --offline.
#   frozen-server.sh [reports]
# Environment: DQ, W, CONFIG, DUNST_PID, XDG_STATE_HOME. Writes frozen.out, frozen.err,
# frozen.rc, frozen.ms (how long notify took), consumed ("yes" when state.json exists) in $W;
# with "reports", NAME.out, NAME.err, NAME.rc and NAME.ms for status and doctor instead.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

kill -STOP "$DUNST_PID"
if [ "${1:-}" = reports ]; then
  for command in status doctor; do
    arguments=("$command" --config "$CONFIG")
    [ "$command" = doctor ] && arguments+=(--offline)
    start=$(date +%s%N)
    record "$W/$command.rc" "$DQ" "${arguments[@]}" >"$W/$command.out" 2>"$W/$command.err"
    echo $((($(date +%s%N) - start) / 1000000)) >"$W/$command.ms"
  done
else
  "$(dirname "$0")/notify-steps.sh" '2026-06-01 06:00:01' frozen
fi
kill -CONT "$DUNST_PID"
if [ -e "$XDG_STATE_HOME/dailyquote/state.json" ]; then echo yes >"$W/consumed"; fi
