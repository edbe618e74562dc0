#!/usr/bin/env bash
# NotificationServerMatrixTests, run by with-notification-server.sh --server NAME: posts the
# cached quote and records what the server got, holds and shows.
#   matrix-post.sh full   notify --now, then a due notify, with screenshots before and after
#   matrix-post.sh now    notify --now only
# Environment: DQ, W (results go there), CONFIG (the config file), PROBE (notify_probe.py),
# XDG_CACHE_HOME, and the harness's NOTIFICATION_SERVER and SERVER_NAME.
# Results in $W: capabilities, now.rc/.out/.err, readback.jsonl/.err, calls.json, script.err;
# with full also due.rc/.out/.err, before.png, after.png, after.colours, changed, icon-pixels,
# screenshot.err. Exit status: 0, or 1 when the Notify monitor did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"
exec 2>>"$W/script.err"
mode=$1

# Until the read-back holds something; a server without one (exit 3) is asked once. Another
# failure is asked again: LXQt's list does not exist until a notification expired.
read_back() {
  local status=0
  "$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>"$W/readback.err" || status=$?
  [ "$status" != 3 ] || return 0
  [ "$status" = 0 ] && [ -s "$W/readback.jsonl" ]
}

# The well-known name only: GNOME's proxy forwards each call to the shell under its unique name.
stdbuf -oL dbus-monitor --session "type='method_call',destination='org.freedesktop.Notifications',interface='org.freedesktop.Notifications',member='Notify'" >"$W/monitor.txt" 2>/dev/null &
monitor=$!
wait_until 30 "dbus-monitor" grep -q NameLost "$W/monitor.txt"
gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
  -m org.freedesktop.Notifications.GetCapabilities >"$W/capabilities" || true

if [ "$mode" = full ]; then
  settled_screenshot 30 "$W/before.png"
  record "$W/now.rc" "$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>"$W/now.err"
  sleep 1.2 # Plasma drops an identical notification within a second: a spacing, not a wait.
  # A refresh in between: without it the due delivery would take the bundled quote ("cache
  # older than the last delivery"), the state being rebuilt from a history that holds the
  # --now preview.
  python3 -c 'import json, sys, time; p = sys.argv[1]; q = json.load(open(p)); q["fetchedAt"] = int(time.time()); json.dump(q, open(p, "w"))' \
    "$XDG_CACHE_HOME/dailyquote/quote.json"
  record "$W/due.rc" "$DQ" notify --config "$CONFIG" >"$W/due.out" 2>"$W/due.err"
  wait_until 30 "two Notify calls in the capture" notify_calls_at_least "$W/monitor.txt" 2 || true
  # Drawn: the screen changed and has stopped changing (fading in, the icon drawn).
  settled_screenshot 30 "$W/after.png" "$W/before.png"
  convert "$W/after.png" -format %k info: >"$W/after.colours" 2>>"$W/screenshot.err" || true
  compare -metric AE "$W/before.png" "$W/after.png" null: 2>"$W/changed" || true
  "$NOTIFICATION_SERVER" icon-pixels "$W/before.png" "$W/after.png" >"$W/icon-pixels" 2>>"$W/screenshot.err" || true
else
  record "$W/now.rc" "$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>"$W/now.err"
  wait_until 30 "the Notify call in the capture" notify_calls_at_least "$W/monitor.txt" 1 || true
fi

# Budgie draws its popup, and Cinnamon makes its notification's object, a moment after Notify
# returns; LXQt writes its read-back list only for notifications that expired (after 3 s).
wait_until 30 "the read-back" read_back || true
kill "$monitor" 2>/dev/null || true
python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
