#!/usr/bin/env bash
# Captures the bus (the Notifications and org.gtk.Notifications calls, every method return)
# while notify --now asks its questions with dunst stopped (SIGSTOP) until both
# GetServerInformation and GetCapabilities are on the bus.
# Environment: DQ, W, DUNST_PID. Writes bus.txt, bus-stopped.txt (the capture while dunst
# was stopped), out, err in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

stdbuf -oL dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications'" \
  "type='method_call',interface='org.gtk.Notifications'" "type='method_return'" >"$W/bus.txt" 2>/dev/null &
questions=$!
wait_until 30 "dbus-monitor's start" grep -q NameLost "$W/bus.txt" || true
# dunst stopped until both questions are on the bus: no answer can come between them,
# however busy the machine, unless notify waits for one before asking the next.
kill -STOP "$DUNST_PID"
"$DQ" notify --now >"$W/out" 2>"$W/err" &
dq=$!
both_asked() { grep -q member=GetServerInformation "$W/bus.txt" && grep -q member=GetCapabilities "$W/bus.txt"; }
wait_until 30 "both questions" both_asked || true
cp "$W/bus.txt" "$W/bus-stopped.txt"
kill -CONT "$DUNST_PID"
wait "$dq" || true
sleep 0.3 # the last answers' capture reaches the file
kill "$questions"
