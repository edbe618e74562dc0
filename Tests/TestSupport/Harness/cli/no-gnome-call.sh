#!/usr/bin/env bash
# notify --now on dunst while dbus-monitor watches org.gtk.Notifications (nobody owns it).
# Environment: DQ, W. Writes gnome.txt, out, err, rc, dq-history.json, adds (how many
# AddNotification calls were seen) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

stdbuf -oL dbus-monitor --session "type='method_call',interface='org.gtk.Notifications'" >"$W/gnome.txt" 2>/dev/null &
gnome=$!
wait_until 30 "dbus-monitor's start" grep -q NameLost "$W/gnome.txt" || true
record "$W/rc" "$DQ" notify --now >"$W/out" 2>"$W/err"
"$DQ" history --json >"$W/dq-history.json"
sleep 0.3 # a call the holder would make (which must not come) would be captured by now
kill "$gnome"
grep -c member=AddNotification "$W/gnome.txt" >"$W/adds" || true
