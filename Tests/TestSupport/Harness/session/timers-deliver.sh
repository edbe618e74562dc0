#!/usr/bin/env bash
# UserSessionTests.timersDeliver, run by with-user-session.sh: `install`'s notify timer posts on
# time, and after the user manager was down over the next planned instant, Persistent= posts once.
# Environment: DQ (the binary), W (a work directory holding second.toml, the config for the
# second instant; results go there), PROBE (notify_probe.py), HISTORY (the history file),
# CONFIG_FILE (the config in use), SECOND (the Unix time of the second planned instant), and the
# harness's USER_SESSION. Results in $W: install1.rc/.out, seen1, history1.json, calls1.json,
# service1, doctor.rc/.out, status.json, install2.rc/.out, early (only if posted while the
# manager was down), seen2, count2, calls2.json.
# Exit status: 0, or 1 when the Notify monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

dunst_has_quote() { dunstctl history | grep -q 'Quote of the Day'; }

monitor_notify "$W/monitor.txt"
record "$W/install1.rc" "$DQ" install >"$W/install1.out" 2>&1
wait_until 100 "the first delivery in the history" non_empty "$HISTORY" || true
date +%s.%N >"$W/seen1"
dunstctl close-all
# dunst moves a closed notification to its history: wait for it there.
wait_until 30 "dunst's history to hold the quote" dunst_has_quote || true
dunstctl history >"$W/history1.json"
python3 "$PROBE" "$W/monitor.txt" >"$W/calls1.json"
systemctl --user show dailyquote-notify.service -p Result,ExecMainStatus >"$W/service1"
record "$W/doctor.rc" "$DQ" doctor --offline >"$W/doctor.out" 2>&1
"$DQ" status --json >"$W/status.json" 2>/dev/null || true

# The manager is down over the second planned instant: Persistent= must catch up at start.
"$DQ" clear --state --yes >/dev/null 2>&1 || true
cp "$W/second.toml" "$CONFIG_FILE"
record "$W/install2.rc" "$DQ" install >"$W/install2.out" 2>&1
"$USER_SESSION" stop-manager
# Past the planned instant by the wall clock: waiting for a time is the point here.
while [ "$(date +%s)" -lt $((SECOND + 3)) ]; do sleep 0.2; done
if [ -s "$HISTORY" ]; then echo "posted while the manager was down" >"$W/early"; fi
"$USER_SESSION" start-manager
wait_until 30 "the catch-up delivery in the history" non_empty "$HISTORY" || true
date +%s.%N >"$W/seen2"
# A window in which a second catch-up, if any, would post: what is checked is that none comes.
sleep 3
wc -l <"$HISTORY" >"$W/count2" || true
python3 "$PROBE" "$W/monitor.txt" >"$W/calls2.json"
