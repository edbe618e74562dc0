#!/usr/bin/env bash
# Race 1: `dailyquote hold` (request in REQUEST) gets SIGTERM while its Notify call is under way
# (the mock's Notify made slow, returning id 41).
# Environment: DQ, W, MOCK_LOG (scenario.sh), REQUEST. Writes reply, hold.err, status,
# notify-count, close-count, marked (when hold.json is left) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

mock_notify 'time.sleep(1.5); ret = 41'
printf '%s\n' "$REQUEST" | "$DQ" hold >"$W/reply" 2>"$W/hold.err" &
h=$!
# The mock logs a call before it runs it: the holder is then inside its Notify call.
wait_until 30 "the holder's Notify call" mock_has '^[0-9.]* Notify "dailyquote"' || true
kill -TERM "$h" || true
record "$W/status" wait "$h"
mock_count 'Notify "dailyquote"' >"$W/notify-count"
mock_count 'CloseNotification 41' >"$W/close-count"
if [ -e "$XDG_STATE_HOME/dailyquote/hold.json" ]; then echo marked >"$W/marked"; fi
