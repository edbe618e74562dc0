#!/usr/bin/env bash
# DesktopShellTests.budgieSave, run by with-notification-server.sh --server budgie: Save pressed in
# the popup; the popup goes without NotificationClosed and the holder lets go.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER.
# Results in $W: signals.txt, now.rc/.out/.err, press.err, readback.jsonl/.err, favorites.json,
# history.json, holder, raven-count. Exit status: 0, or 1 when the signal monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

# Budgie destroys a pressed popup 250 ms after the press.
popup_gone() {
  "$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || true
  [ ! -s "$W/readback.jsonl" ]
}

monitor_signals "$W/signals.txt"
record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_shown Save
"$NOTIFICATION_SERVER" press Save >/dev/null 2>"$W/press.err" || true
wait_actions 1
wait_until 30 "the pressed popup to go" popup_gone || true
wait_until 30 "the holder to let go" no_holder || true
"$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || true
"$DQ" favorites --json >"$W/favorites.json" || true
"$DQ" history --json >"$W/history.json" || true
"$DQ" status --json | python3 -c 'import json, sys; print(json.load(sys.stdin).get("holder"))' >"$W/holder" || true
gdbus call --session -d org.budgie_desktop.Raven -o /org/budgie_desktop/Raven \
  -m org.budgie_desktop.Raven.GetNotificationCount >"$W/raven-count" || true
