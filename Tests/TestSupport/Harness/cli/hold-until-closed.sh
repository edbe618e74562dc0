#!/usr/bin/env bash
# On the mock server with persistence: notify --now leaves a holder, the server closes the
# notification (NotificationClosed 1, reason 2), and the holder records it and ends.
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes now.out, now.err,
# now.rc, pid, alive, status.txt, pid-after, history.json, history.txt, notify-count in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
pid=$(holder_pid)
echo "$pid" >"$W/pid"
alive_to "$W/alive" "$pid"
"$DQ" status >"$W/status.txt" 2>/dev/null
"$NOTIFICATION_SERVER" close 1 2
closed() { [ -s "$XDG_STATE_HOME/dailyquote/closed.jsonl" ]; }
wait_until 30 "the close recorded" closed || true
wait_until 30 "the holder's end" no_holder || true
holder_pid >"$W/pid-after"
"$DQ" history --json >"$W/history.json"
"$DQ" history >"$W/history.txt"
grep -c 'Notify "dailyquote"' "$MOCK_LOG" >"$W/notify-count" || true
