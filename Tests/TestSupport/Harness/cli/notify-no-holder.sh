#!/usr/bin/env bash
# notify --now where no holder is needed: records its output and status, status's holder (none
# expected), the state directory's files and the mock server's log.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes now.out, now.rc, pid, state-files,
# mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>&1
holder_pid >"$W/pid"
ls "$XDG_STATE_HOME/dailyquote" >"$W/state-files"
cp "$MOCK_LOG" "$W/mock.log"
