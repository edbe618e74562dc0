# shellcheck shell=bash
# Shared by the user-session scripts (UserSessionTests), sourced after ../lib.sh:
#   . "$(dirname "$0")/../lib.sh"; . "$(dirname "$0")/lib.sh"
# Their commands' failures are what the tests look at, so a command whose status matters is run
# through `record`, and one whose output is looked at and not its status ends in `|| true`.

# show UNIT PROPERTY: the user manager's value of PROPERTY for UNIT.
show() { systemctl --user show "$1" -p "$2" --value; }

# shows UNIT PROPERTY TEXT: whether `show UNIT PROPERTY` contains TEXT (a grep pattern).
shows() { show "$1" "$2" | grep -q -- "$3"; }

# monitor_notify FILE: starts dbus-monitor on the session bus's Notify calls, writing to FILE,
# and waits until it listens (its NameLost line).
monitor_notify() {
  stdbuf -oL dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'" >"$1" 2>/dev/null &
  wait_until 30 "dbus-monitor" grep -q NameLost "$1"
}

