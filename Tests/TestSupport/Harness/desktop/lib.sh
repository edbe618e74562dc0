# shellcheck shell=bash
# Shared by the desktop scripts (DesktopShellTests, WaylandCopyTests, GnomeNotificationsTests,
# NotificationServerMatrixTests), run by with-notification-server.sh; sourced after ../lib.sh:
#   . "$(dirname "$0")/../lib.sh"; . "$(dirname "$0")/lib.sh"
# Their commands' failures are what the tests look at, so a command whose status matters is run
# through `record`, and one whose output is looked at and not its status ends in `|| true`.

# shown LABEL: whether a notification with a button LABEL is on show.
shown() { "$NOTIFICATION_SERVER" readback 2>/dev/null | grep -q "\"$1\""; }

# wait_shown LABEL: waits until a notification with a button LABEL is on show (Cinnamon makes its
# object once it knows the sender's PID; Budgie draws the popup a moment after Notify returns).
wait_shown() { wait_until 30 "a notification with the button $1" shown "$1" || true; }

# monitor_signals FILE: starts dbus-monitor on the notification server's signals, writing to
# FILE, and waits until it listens (its NameLost line).
monitor_signals() {
  stdbuf -oL dbus-monitor --session "type='signal',interface='org.freedesktop.Notifications'" >"$1" 2>/dev/null &
  wait_until 30 "dbus-monitor" grep -q NameLost "$1"
}

# entries: how many entries `"$DQ" history --json` has (0 when it fails).
entries() {
  "$DQ" history --json 2>/dev/null | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))' 2>/dev/null || echo 0
}

# screen_settled FILE [UNLIKE]: takes one screenshot (--now) into FILE, a moment after the one already
# there; whether the two are the same picture (the screen has stopped changing) and, given
# UNLIKE, that picture differs from UNLIKE. Screenshot errors go to $W/screenshot.err.
screen_settled() {
  local file=$1 unlike=${2:-} same=1
  sleep 0.3
  "$NOTIFICATION_SERVER" screenshot --now "$file.next" 2>>"$W/screenshot.err" || return 1
  if [ -s "$file" ] && compare -metric AE "$file" "$file.next" null: >/dev/null 2>&1; then same=0; fi
  mv -f "$file.next" "$file"
  [ "$same" = 0 ] || return 1
  [ -z "$unlike" ] || ! compare -metric AE "$unlike" "$file" null: >/dev/null 2>&1
}

# settled_screenshot SECONDS FILE [UNLIKE]: a screenshot in FILE once the screen has stopped
# changing (and, given UNLIKE, differs from UNLIKE); after SECONDS, the last one taken.
settled_screenshot() {
  rm -f "$2"
  wait_until "$1" "the screen to settle for $2" screen_settled "$2" "${3:-}" || true
}
