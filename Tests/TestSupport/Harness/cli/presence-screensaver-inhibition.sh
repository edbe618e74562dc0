#!/usr/bin/env bash
# The screensaver on and notifications inhibited at 08:00:05 (faketime); the screensaver ends
# first (nothing may post for 1 s), then the inhibition.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, inhibited, status-inhibited.txt,
# after, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$PRESENCE" ss-on
"$PRESENCE" inhibit
faketime -f '@2026-06-01 08:00:05' "$DQ" notify --config "$CONFIG" >"$W/out" 2>"$W/err" &
dq=$!
await_waiting
mock_count 'Notify "dailyquote"' >"$W/before"
"$PRESENCE" ss-off
sleep 1 # still inhibited: nothing may be posted meanwhile
mock_count 'Notify "dailyquote"' >"$W/inhibited"
"$DQ" status >"$W/status-inhibited.txt" 2>/dev/null || true
"$PRESENCE" uninhibit
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
