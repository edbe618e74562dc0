#!/usr/bin/env bash
# DesktopShellTests.budgieExpiry, run by with-notification-server.sh --server budgie: the popup
# expires (reason 1) and Raven keeps it.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER.
# Results in $W: signals.txt, now.rc/.out/.err, pid, popup.jsonl/.err, pid-after, history.json,
# history.txt, raven-count, raven.jsonl/.err. Exit status: 0, or 1 when the signal monitor did
# not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

no_popup() { ! "$NOTIFICATION_SERVER" readback 2>/dev/null | grep -q 'budgie-daemon popup'; }

monitor_signals "$W/signals.txt"
record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
holder_pid >"$W/pid"
wait_shown Save
"$NOTIFICATION_SERVER" readback >"$W/popup.jsonl" 2>"$W/popup.err" || true
# Budgie clamps every timeout to 6-12 s (the default, -1, is 6 s): wait generously.
wait_until 60 "closed.jsonl" non_empty "$XDG_STATE_HOME/dailyquote/closed.jsonl" || true
wait_until 30 "the holder to end" no_holder || true
holder_pid >"$W/pid-after"
"$DQ" history --json >"$W/history.json" || true
"$DQ" history >"$W/history.txt" || true
# The popup fades out for 250 ms after it closes.
wait_until 30 "the popup to go" no_popup || true
gdbus call --session -d org.budgie_desktop.Raven -o /org/budgie_desktop/Raven \
  -m org.budgie_desktop.Raven.GetNotificationCount >"$W/raven-count" || true
"$NOTIFICATION_SERVER" readback >"$W/raven.jsonl" 2>"$W/raven.err" || true
