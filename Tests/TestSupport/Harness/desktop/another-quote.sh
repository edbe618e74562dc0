#!/usr/bin/env bash
# DesktopShellTests.another, run by with-notification-server.sh --server cinnamon or budgie:
# "Another quote" pressed through the server; the new quote shows in place of the old.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER.
# Results in $W: signals.txt, now.rc/.out/.err, press.err, history.json, readback.jsonl/.err,
# after.png. Exit status: 0, or 1 when the signal monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

entries_at_least() { [ "$(entries)" -ge "$1" ]; }
shows_text() { "$NOTIFICATION_SERVER" readback 2>/dev/null | grep -qF -- "$1"; }

monitor_signals "$W/signals.txt"
record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_shown "Another quote"
"$NOTIFICATION_SERVER" press "Another quote" >/dev/null 2>"$W/press.err" || true
wait_actions 1
# The holder records the press before it posts and records the Another quote.
wait_until 30 "the Another quote in the history" entries_at_least 2 || true
"$DQ" history --json >"$W/history.json" || true
new=$(python3 -c 'import json, sys; e = json.load(open(sys.argv[1]))[-1]; print(e["text"][:40])' "$W/history.json" || true)
wait_until 30 "the Another quote on show" shows_text "$new" || true
# Shown, and still shown a moment later (Budgie destroys a pressed popup 250 ms after the
# press): a window for what must not happen.
sleep 2
"$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || true
"$NOTIFICATION_SERVER" screenshot "$W/after.png" 2>/dev/null || true
