#!/usr/bin/env bash
# Race 2: the first holder is stopped (SIGSTOP) when a second notify --now comes; records
# whether the new holder lives and the stuck one was killed.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes err1, out2, err2, rc2, pids, second-alive,
# first-alive, in-place, closed-first, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now >/dev/null 2>"$W/err1"
first=$(holder_pid)
kill -STOP "$first"
record "$W/rc2" "$DQ" notify --now >"$W/out2" 2>"$W/err2"
second=$(holder_pid)
echo "$first $second" >"$W/pids"
alive_to "$W/second-alive" "$second"
wait_until 30 "the stuck holder's end" gone "$first" || true
alive_to "$W/first-alive" "$first"
kill -CONT "$first" 2>/dev/null || true
mock_count 'Notify "dailyquote" 1 ' >"$W/in-place"
mock_count 'CloseNotification 1$' >"$W/closed-first"
"$DQ" history --json >"$W/history.json"
