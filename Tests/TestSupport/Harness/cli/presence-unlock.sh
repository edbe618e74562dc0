#!/usr/bin/env bash
# Locked at 08:00:05 (faketime): notify waits; it stays locked 2 s, then is unlocked.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, still, after, history.json,
# history.txt, status-after.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
# shellcheck source=Tests/TestSupport/Harness/cli/scenario.sh
. "$(dirname "$0")/scenario.sh"

start_locked notify
sleep 2 # locked for 2 s: nothing may be posted meanwhile
mock_count 'Notify "dailyquote"' >"$W/still"
"$PRESENCE" unlock
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
"$DQ" history >"$W/history.txt"
"$DQ" status --json >"$W/status-after.json" 2>/dev/null || true
