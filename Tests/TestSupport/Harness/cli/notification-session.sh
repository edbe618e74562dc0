#!/usr/bin/env bash
# Runs a scenario on dunst (inside with-notification-server.sh) while dbus-monitor captures the
# Notify calls, then collects what reached the server.
#   notification-session.sh SCENARIO [ARG...]
# SCENARIO is a file of this folder (or a command) run with ARGs and the environment: DQ, W,
# PROBE (notify_probe.py), DUNST_PID. Writes in $W: monitor.txt (the capture), calls.json (the
# Notify calls, from PROBE), history.json (dunst's history, after closing all).
# Exit status: the scenario's.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

stdbuf -oL dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'" >"$W/monitor.txt" 2>/dev/null &
monitor=$!
monitoring() { grep -q NameLost "$W/monitor.txt"; }
wait_until 30 "dbus-monitor's start" monitoring || true
scenario=$1
shift
[ -e "$scenario" ] || scenario="$(dirname "$0")/$scenario"
status=0
"$scenario" "$@" || status=$?
sleep 0.3 # the last call's capture reaches the file
kill "$monitor" 2>/dev/null || true
kill -CONT "$DUNST_PID" 2>/dev/null || true
python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
dunstctl close-all
sleep 0.2 # dunst moves the closed ones into its history
dunstctl history >"$W/history.json"
exit "$status"
