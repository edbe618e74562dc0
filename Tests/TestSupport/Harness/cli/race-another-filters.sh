#!/usr/bin/env bash
# Race 5: notify --now, then Another pressed 4 times, each press waited for (recorded, and its
# Notify on the mock).
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes now.out, now.err,
# now.rc, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

notify_and_wait
for press in 1 2 3 4; do
  "$NOTIFICATION_SERVER" invoke 1 another
  wait_actions "$press"
  wait_until 30 "Another's Notify $press" mock_count_above "$press" 'Notify "dailyquote"' || true
done
"$DQ" history --json >"$W/history.json"
