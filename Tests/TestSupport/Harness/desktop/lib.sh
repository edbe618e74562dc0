# shellcheck shell=bash
# Shared by the desktop scripts (DesktopShellTests, GnomeNotificationsTests,
# NotificationServerMatrixTests), run by with-notification-server.sh; sourced after ../lib.sh:
#   . "$(dirname "$0")/../lib.sh"; . "$(dirname "$0")/lib.sh"
# Their commands' failures are what the tests look at, so a command whose status matters is run
# through `record`, and one whose output is looked at and not its status ends in `|| true`.

# record FILE CMD [ARG...]: runs CMD and writes its exit status to FILE.
record() {
  local file=$1 status=0
  shift
  "$@" || status=$?
  echo "$status" >"$file"
}

# holder_pid: the PID of the holder `"$DQ" status --json` reports, or nothing.
holder_pid() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); print(h["pid"] if h else "")' 2>/dev/null || true
}

# no_holder: whether no holder is reported.
no_holder() { [ -z "$(holder_pid)" ]; }

# non_empty FILE: whether FILE exists and is not empty.
non_empty() { [ -s "$1" ]; }

# actions_at_least N: whether dailyquote's actions.jsonl has N lines.
actions_at_least() { [ "$(wc -l <"$XDG_STATE_HOME/dailyquote/actions.jsonl" 2>/dev/null || echo 0)" -ge "$1" ]; }

# wait_actions N: waits until actions.jsonl has N lines (a press recorded); logs if it never does.
wait_actions() { wait_until 30 "$1 recorded actions" actions_at_least "$1" || true; }

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

# notify_calls_at_least MONITOR_FILE N: whether notify_probe.py ($PROBE) finds N Notify calls in
# the dbus-monitor capture MONITOR_FILE.
notify_calls_at_least() {
  local count
  count=$(python3 "$PROBE" "$1" 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' 2>/dev/null) || return 1
  [ "$count" -ge "$2" ]
}

# screen_settled FILE [UNLIKE]: takes a screenshot into FILE, a moment after the one already
# there; whether the two are the same picture (the screen has stopped changing) and, given
# UNLIKE, that picture differs from UNLIKE. Screenshot errors go to $W/screenshot.err.
screen_settled() {
  local file=$1 unlike=${2:-} same=1
  sleep 0.3
  "$NOTIFICATION_SERVER" screenshot "$file.next" 2>>"$W/screenshot.err" || return 1
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
