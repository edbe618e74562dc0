#!/usr/bin/env bash
# run, locked at 08:00:05 (faketime): SIGTERM while it waits.
# Environment: DQ, W, MOCK_LOG (scenario.sh), PRESENCE (with-presence-mocks.sh), CONFIG (the
# config file). Writes out, err, rc, status.txt, status.json, before, after in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
# shellcheck source=Tests/TestSupport/Harness/cli/scenario.sh
. "$(dirname "$0")/scenario.sh"

start_locked run
kill -TERM "$(waiting_pid)"
record "$W/rc" wait "$dq"
mock_count 'Notify "dailyquote"' >"$W/after"
