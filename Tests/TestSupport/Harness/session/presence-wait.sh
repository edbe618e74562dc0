#!/usr/bin/env bash
# UserSessionTests.presenceWaitUnderTheTimers, run by with-user-session.sh and
# with-presence-mocks.sh --logind: under the timers, notify waits for the unlock in its service
# (activating, past the 40 s start timeout the units once had), then posts once and ends cleanly.
# Environment: DQ, W (results go there), HISTORY (the history file), and the harnesses' PRESENCE,
# DBUS_SYSTEM_BUS_ADDRESS and XDG_SESSION_ID.
# Results in $W: install.out, status.txt, service-waiting, service-still, early (only if posted
# while locked), service-after, history.jsonl, journal. Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

waiting() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin).get("waitingForPresence") else 1)' 2>/dev/null
}

"$PRESENCE" lock
# The manager passes the mock system bus and logind session on to the service.
systemctl --user set-environment DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" XDG_SESSION_ID="$XDG_SESSION_ID"
"$DQ" install >"$W/install.out" 2>&1 || true
wait_until 90 "notify to wait for presence" waiting || true
"$DQ" status >"$W/status.txt" 2>/dev/null || true
systemctl --user show dailyquote-notify.service -p ActiveState >"$W/service-waiting"
# Outlast the start timeout the units had before (40 s): a length of time is the point here.
sleep 45
systemctl --user show dailyquote-notify.service -p ActiveState >"$W/service-still"
if [ -s "$HISTORY" ]; then echo "posted while locked" >"$W/early"; fi
"$PRESENCE" unlock
wait_until 30 "the delivery in the history" non_empty "$HISTORY" || true
wait_until 30 "the notify service to end" shows dailyquote-notify.service ActiveState '^inactive$' || true
systemctl --user show dailyquote-notify.service -p ActiveState -p Result >"$W/service-after"
cp "$HISTORY" "$W/history.jsonl" 2>/dev/null || true
journalctl --user -u dailyquote-notify.service --no-pager >"$W/journal" 2>&1 || true
