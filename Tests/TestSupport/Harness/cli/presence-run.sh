#!/usr/bin/env bash
# run, locked at 08:00:05 (faketime): unlocked after 1 s, then SIGTERM once it posted.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, after, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
# shellcheck source=Tests/TestSupport/Harness/cli/scenario.sh
. "$(dirname "$0")/scenario.sh"

start_locked run
pid=$(waiting_pid)
sleep 1 # a wait of a second at least
"$PRESENCE" unlock
wait_until 30 "the post after the unlock" mock_count_above 0 'Notify "dailyquote"' || true
sleep 0.5 # run records the post after Notify answered
kill -TERM "$pid"
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
