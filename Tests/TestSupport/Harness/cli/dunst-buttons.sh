#!/usr/bin/env bash
# On dunst: Copy pressed on one notify --now, Save on the next, through dunst's context menu
# (dunstctl action; the harness's "dmenu" picks the label written to its choice file).
# Environment: DQ, W, NOTIFICATION_SERVER_RUN (with-notification-server.sh). Writes now1.*,
# now2.out, now2.err, pid1, clipboard, clipboard.err, favorites.json, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

press() { # a button's label
  echo "$1" >"$NOTIFICATION_SERVER_RUN/dmenu-choice"
  dunstctl action 0
}
record "$W/now1.rc" "$DQ" notify --now >"$W/now1.out" 2>"$W/now1.err"
holder_pid >"$W/pid1"
sleep 0.3 # dunst shows it on its next redraw
press Copy
wait_actions 1
# dunst keeps it after a press (resident): the next post replaces it.
"$DQ" notify --now >"$W/now2.out" 2>"$W/now2.err"
sleep 0.3
press Save
wait_actions 2
sleep 0.3
xclip -o -selection clipboard >"$W/clipboard" 2>"$W/clipboard.err" || true
"$DQ" favorites --json >"$W/favorites.json"
"$DQ" history --json >"$W/history.json"
