#!/usr/bin/env bash
# Locked all along from 08:00:57 (faketime): notify posts at the limit; a second notify at
# 08:01:30 must post nothing more.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, after, history.json, again.out,
# after-again in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$PRESENCE" lock
faketime -f '@2026-06-01 08:00:57' "$DQ" notify --config "$CONFIG" >"$W/out" 2>"$W/err" &
dq=$!
await_waiting
mock_count 'Notify "dailyquote"' >"$W/before"
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
faketime -f '@2026-06-01 08:01:30' "$DQ" notify --config "$CONFIG" >"$W/again.out" 2>&1 || true
mock_count 'Notify "dailyquote"' >"$W/after-again"
