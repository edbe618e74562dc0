#!/usr/bin/env bash
# DesktopShellTests.cinnamonButtonsAndKeeping, run by with-notification-server.sh --server
# cinnamon: Copy and Save pressed in the shell; the notification stays, held, until cleared.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER.
# Results in $W: signals.txt, now.rc/.out/.err, pid, press.err, clipboard(.err), favorites.json,
# readback.jsonl/.err, pid-kept, history-kept.json, clear.err, pid-after, history.json,
# history.txt. Exit status: 0, or 1 when the signal monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

clipboard_set() { [ -n "$(xclip -o -selection clipboard 2>/dev/null)" ]; }
in_applet() {
  "$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || true
  grep -q '"where": "applet"' "$W/readback.jsonl"
}

monitor_signals "$W/signals.txt"
record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "hold.json" non_empty "$XDG_STATE_HOME/dailyquote/hold.json" || true
holder_pid >"$W/pid"
wait_shown Save
"$NOTIFICATION_SERVER" press Copy >/dev/null 2>"$W/press.err" || true
wait_actions 1
"$NOTIFICATION_SERVER" press Save >/dev/null 2>>"$W/press.err" || true
wait_actions 2
wait_until 30 "the quote on the clipboard" clipboard_set || true
xclip -o -selection clipboard >"$W/clipboard" 2>"$W/clipboard.err" || true
"$DQ" favorites --json >"$W/favorites.json" || true
# Cinnamon moves the banner to its notifications applet after about 4 s and never expires it.
wait_until 60 "the notification in the applet" in_applet || true
# A few seconds more show that nothing closes it: a window for what must not happen.
sleep 3
"$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || true
holder_pid >"$W/pid-kept"
"$DQ" history --json >"$W/history-kept.json" || true
"$NOTIFICATION_SERVER" clear 2>"$W/clear.err" || true
wait_until 30 "the holder to end" no_holder || true
holder_pid >"$W/pid-after"
"$DQ" history --json >"$W/history.json" || true
"$DQ" history >"$W/history.txt" || true
