#!/usr/bin/env bash
# Each argument is sent to the presence mocks first ("$PRESENCE" ARG); then notify at 08:00:05
# (faketime), which must post at once, and doctor.
#   presence-posts-at-once.sh [PRESENCE-COMMAND...]
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, after, history.json, doctor in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

for command in "$@"; do "$PRESENCE" "$command"; done
record "$W/rc" faketime -f '@2026-06-01 08:00:05' timeout 30 "$DQ" notify --config "$CONFIG" >"$W/out" 2>"$W/err"
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
"$DQ" doctor --offline --config "$CONFIG" >"$W/doctor" 2>&1 || true
