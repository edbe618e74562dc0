#!/usr/bin/env bash
# Runs CMD inside a private session bus with a real notification server:
#   Tests/Support/with-notification-server.sh CMD [ARG...]
# It starts dbus-run-session, Xvfb on a free display, and dunst with a test config, waits
# until org.freedesktop.Notifications is owned on the bus, runs CMD, and tears everything
# down. CMD sees DBUS_SESSION_BUS_ADDRESS, DISPLAY, and DUNST_PID (to SIGSTOP it, say);
# `dunstctl` and `dbus-monitor` work against the same bus. The exit status is CMD's.
set -euo pipefail

if [ -z "${DQ_HARNESS_BUS:-}" ]; then
  exec env DQ_HARNESS_BUS=1 dbus-run-session -- "$0" "$@"
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  # A child that ignores or blocks SIGTERM must not hang the harness: escalate after a second.
  for _ in $(seq 20); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.05
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A free X display: no socket and no lock file.
display=""
for n in $(seq 90 400); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=$n; break; fi
done
[ -n "$display" ] || { echo "harness: no free X display" >&2; exit 1; }
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=":$display"
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.05; done
[ -e "/tmp/.X11-unix/X$display" ] || { echo "harness: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
# A D-Bus-activated server must find DISPLAY in the bus's activation environment.
dbus-update-activation-environment DISPLAY

cat >"$work/dunstrc" <<'CONF'
[global]
    markup = full
    format = "<b>%s</b>\n%b"
    geometry = "500x5-20+40"
    font = Monospace 10
    show_age_threshold = -1
    history_length = 100
    sticky_history = yes
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
CONF
dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 &
dunst_pid=$!
pids+=($dunst_pid)
export DUNST_PID=$dunst_pid

owned() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}
for _ in $(seq 200); do owned && break; sleep 0.05; done
owned || { echo "harness: dunst did not take org.freedesktop.Notifications" >&2; cat "$work/dunst.log" >&2; exit 1; }

set +e
"$@"
status=$?
set -e
exit $status
