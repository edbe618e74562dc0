#!/usr/bin/env bash
# Race 6: notify --now with a slow Notify (id 41); its holder gets SIGTERM the moment it appears.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes now.out, now.err, now.rc, stopped-alive,
# stopped (the stopped holder's PID), notify-count, close-count, holder-alive, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

# Slow: a stop sent as the holder appears comes before it could answer, during its Notify call at the latest.
mock_notify 'time.sleep(1); ret = 41'
"$DQ" notify --now >"$W/now.out" 2>"$W/now.err" &
n=$!
# The holder is a fork of notify whose arguments read "hold" (or, where notify has threads, a
# new process). No pause between looks: the stop must come at once.
h=
end=$((SECONDS + 30))
while [ -z "$h" ] && [ $SECONDS -lt $end ]; do h=$(pgrep -f "^$DQ hold" | head -1 || true); done
if [ -n "$h" ]; then kill -TERM "$h" || true; fi
record "$W/now.rc" wait "$n"
if [ -n "$h" ]; then wait_until 30 "the stopped holder's end" gone "$h" || true; fi
alive_to "$W/stopped-alive" "$h"
echo "$h" >"$W/stopped"
mock_count 'Notify "dailyquote"' >"$W/notify-count"
mock_count 'CloseNotification 41$' >"$W/close-count"
alive_to "$W/holder-alive" "$(holder_pid)"
"$DQ" history --json >"$W/history.json"
