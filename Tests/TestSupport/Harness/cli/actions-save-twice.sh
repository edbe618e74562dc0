#!/usr/bin/env bash
# notify --now with the default buttons, Save pressed twice; records what the commands say after.
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes now.*, pid,
# favorites.json, favorites.err, favorites-file, favorites.txt, show.txt, history.json,
# history.txt, status.json, status.txt, mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

notify_and_wait
holder_pid >"$W/pid"
"$NOTIFICATION_SERVER" invoke 1 save
wait_actions 1
"$NOTIFICATION_SERVER" invoke 1 save
wait_actions 2
"$DQ" favorites --json >"$W/favorites.json" 2>"$W/favorites.err"
cp "${XDG_DATA_HOME:-$HOME/.local/share}/dailyquote/favorites.jsonl" "$W/favorites-file"
"$DQ" favorites >"$W/favorites.txt" 2>&1
"$DQ" show --favorite >"$W/show.txt" 2>&1
"$DQ" history --json >"$W/history.json"
"$DQ" history >"$W/history.txt"
"$DQ" status --json >"$W/status.json" 2>/dev/null
"$DQ" status >"$W/status.txt" 2>/dev/null
cp "$MOCK_LOG" "$W/mock.log"
