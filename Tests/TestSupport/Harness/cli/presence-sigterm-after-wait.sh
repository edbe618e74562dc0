#!/usr/bin/env bash
# Locked at 08:00:05 (faketime); the script holds the ledger's lock (as another notify posting
# does) over the unlock, then sends SIGTERM to the notify that waits for that lock.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, still-waiting, after,
# history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
# shellcheck source=Tests/TestSupport/Harness/cli/scenario.sh
. "$(dirname "$0")/scenario.sh"

start_locked notify
pid=$(waiting_pid)
exec 7>"$XDG_STATE_HOME/dailyquote/lock"
flock 7
"$PRESENCE" unlock
# The wait is over once its marker is gone; the process then waits for the lock.
not_waiting() { ! waiting; }
wait_until 30 "the wait's end" not_waiting || true
if waiting; then echo still >"$W/still-waiting"; fi
sleep 0.3 # into its wait for the lock
kill -TERM "$pid"
record "$W/rc" wait "$dq"
exec 7>&-
mock_count 'Notify "dailyquote"' >"$W/after"
"$DQ" history --json >"$W/history.json"
