#!/usr/bin/env bash
# Locked at 08:00:05 (faketime): the waiting notify gets SIGTERM; after the unlock, notify at
# 08:10 and 08:11.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, after-term, history-term.json,
# again.out, third.out, after in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
# shellcheck source=Tests/TestSupport/Harness/cli/scenario.sh
. "$(dirname "$0")/scenario.sh"

start_locked notify
kill -TERM "$(waiting_pid)"
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after-term"
"$DQ" history --json >"$W/history-term.json"
"$PRESENCE" unlock
faketime -f '@2026-06-01 08:10:00' "$DQ" notify --config "$CONFIG" >"$W/again.out" 2>&1 || true
faketime -f '@2026-06-01 08:11:00' "$DQ" notify --config "$CONFIG" >"$W/third.out" 2>&1 || true
mock_count 'Notify "dailyquote"' >"$W/after"
