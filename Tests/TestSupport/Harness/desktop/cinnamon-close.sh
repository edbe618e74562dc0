#!/usr/bin/env bash
# DesktopShellTests.cinnamonCloseButton, run by with-notification-server.sh --server cinnamon: the
# notification's close button (×) pressed; the holder ends and history records the close.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER.
# Results in $W: signals.txt, now.rc/.out/.err, pid, dismiss.err, pid-after, readback.jsonl,
# history.json. Exit status: 0, or 1 when the signal monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

closed_signal() { grep -q 'member=NotificationClosed' "$W/signals.txt"; }

monitor_signals "$W/signals.txt"
record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_shown Save
holder_pid >"$W/pid"
"$NOTIFICATION_SERVER" dismiss >/dev/null 2>"$W/dismiss.err" || true
wait_until 30 "closed.jsonl" non_empty "$XDG_STATE_HOME/dailyquote/closed.jsonl" || true
wait_until 30 "the holder to end" no_holder || true
holder_pid >"$W/pid-after"
"$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>&1 || true
"$DQ" history --json >"$W/history.json" || true
wait_until 30 "NotificationClosed in the capture" closed_signal || true
