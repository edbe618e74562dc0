#!/usr/bin/env bash
# notify --now, Another pressed (waited for until its Notify), then Save.
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes now.*, history.json,
# history.txt, favorites.json, state.json, mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

notify_and_wait
"$NOTIFICATION_SERVER" invoke 1 another
wait_actions 1
wait_until 30 "Another's Notify" mock_count_above 1 'Notify "dailyquote"' || true
sleep 0.3 # the holder takes the new quote as its own once Notify has answered
"$NOTIFICATION_SERVER" invoke 1 save
wait_actions 2
"$DQ" history --json >"$W/history.json"
"$DQ" history >"$W/history.txt"
"$DQ" favorites --json >"$W/favorites.json"
cat "$XDG_STATE_HOME/dailyquote/state.json" >"$W/state.json" 2>/dev/null || true
cp "$MOCK_LOG" "$W/mock.log"
