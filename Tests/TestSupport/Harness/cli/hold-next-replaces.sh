#!/usr/bin/env bash
# Two notify --now in a row: the first holder closes its own notification (never replaced in
# place) and ends; SIGTERM then ends the second.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes err1, err2, pids, closed-first, in-place,
# first-alive, pid-after, history.json, notify-count in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now >/dev/null 2>"$W/err1"
first=$(holder_pid)
"$DQ" notify --now >/dev/null 2>"$W/err2"
second=$(holder_pid)
echo "$first $second" >"$W/pids"
wait_until 30 "the first notification's close" mock_has 'CloseNotification 1$' || true
mock_count 'CloseNotification 1$' >"$W/closed-first"
mock_count 'Notify "dailyquote" 1 ' >"$W/in-place"
alive_to "$W/first-alive" "$first"
kill -TERM "$second" || true
wait_until 30 "the holder's end" no_holder || true
holder_pid >"$W/pid-after"
"$DQ" history --json >"$W/history.json"
mock_count 'Notify "dailyquote"' >"$W/notify-count"
