#!/usr/bin/env bash
# `dailyquote hold` given the request in REQUEST (JSON, on its standard input), sent SIGTERM
# once it answered that it holds.
# Environment: DQ, W, MOCK_LOG (scenario.sh), REQUEST. Writes reply, hold.err, status (hold's
# exit status), notify-count, close-count in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

printf '%s\n' "$REQUEST" | "$DQ" hold >"$W/reply" 2>"$W/hold.err" &
h=$!
replied() { [ -s "$W/reply" ]; }
wait_until 30 "the holder's reply" replied || true
sleep 0.2 # into its hold, past the reply
kill -TERM "$h" || true
record "$W/status" wait "$h"
mock_count 'Notify "dailyquote"' >"$W/notify-count"
mock_count 'CloseNotification 1' >"$W/close-count"
