# shellcheck shell=bash
# Shared by the user-session scripts (UserSessionTests), sourced after ../lib.sh:
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

# show UNIT PROPERTY: the user manager's value of PROPERTY for UNIT.
show() { systemctl --user show "$1" -p "$2" --value; }

# shows UNIT PROPERTY TEXT: whether `show UNIT PROPERTY` contains TEXT (a grep pattern).
shows() { show "$1" "$2" | grep -q -- "$3"; }

# holder_pid: the PID of the holder `"$DQ" status --json` reports, or nothing.
holder_pid() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); print(h["pid"] if h else "")' 2>/dev/null || true
}

# gone PID: whether no process PID is left.
gone() { ! kill -0 "$1" 2>/dev/null; }

# non_empty FILE: whether FILE exists and is not empty.
non_empty() { [ -s "$1" ]; }

# monitor_notify FILE: starts dbus-monitor on the session bus's Notify calls, writing to FILE,
# and waits until it listens (its NameLost line).
monitor_notify() {
  stdbuf -oL dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'" >"$1" 2>/dev/null &
  wait_until 30 "dbus-monitor" grep -q NameLost "$1"
}

# notify_calls_at_least MONITOR_FILE N: whether notify_probe.py ($PROBE) finds N Notify calls in MONITOR_FILE.
notify_calls_at_least() {
  [ "$(python3 "$PROBE" "$1" 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' 2>/dev/null)" -ge "$2" ] 2>/dev/null
}
