#!/bin/bash
# Runs inside the Plasma 6 chroot as an unprivileged user (scripts/plasma6 run starts it):
#   plasma6-session CMD [ARG...]
# PLASMA6_DIR is a fresh directory this user owns. It starts a session bus (an empty service
# directory: nothing is D-Bus-activated), the display, the accessibility bus, kactivitymanagerd and
# plasmashell; waits until GetServerInformation answers; runs CMD; stops everything by PID.
# The display: Xvfb (CMD sees DISPLAY); with PLASMA6_WAYLAND=1, Plasma's own Wayland session
# instead: kwin_wayland on a virtual 1280x800 output, its screen locker on (CMD sees
# WAYLAND_DISPLAY, and no DISPLAY: no Xwayland).
# CMD sees PLASMA6_LOGS (the daemons' logs). Exit status: CMD's; 1 when the session did not come up.
set -euo pipefail

d=${PLASMA6_DIR:?}
export PLASMA6_LOGS=$d/logs
export HOME=$d/home
export XDG_RUNTIME_DIR=$d/runtime
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_STATE_HOME=$HOME/.local/state XDG_DATA_HOME=$HOME/.local/share
wayland=${PLASMA6_WAYLAND:-}
unset PLASMA6_WAYLAND DISPLAY WAYLAND_DISPLAY
export XDG_CURRENT_DESKTOP=KDE XDG_SESSION_DESKTOP=KDE KDE_FULL_SESSION=true KDE_SESSION_VERSION=6
if [ -n "$wayland" ]; then
  export XDG_SESSION_TYPE=wayland QT_QPA_PLATFORM=wayland
else
  export XDG_SESSION_TYPE=x11 QT_QPA_PLATFORM=xcb
fi
# Qt 6 joins the accessibility bus only when asked, or when a screen reader is on.
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1
mkdir -p "$PLASMA6_LOGS" "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$d/services"
mkdir -m 0700 "$XDG_RUNTIME_DIR"

t0=$(date +%s.%N)
since() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
say() { echo "plasma6-session: $*" >&2; }

pids=()
cleanup() {
  set +e
  local pid alive last=${pids[${#pids[@]} - 1]}
  # The last started (plasmashell) ends first, on a display that is still there: on Wayland it
  # crashes when KWin goes first.
  kill -TERM "$last" 2>/dev/null
  for _ in $(seq 60); do kill -0 "$last" 2>/dev/null || break; sleep 0.05; done
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for _ in $(seq 60); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.05
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
}
trap cleanup EXIT

cat >"$d/session.conf" <<XML
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$XDG_RUNTIME_DIR</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$d/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
XML
dbus-daemon --config-file="$d/session.conf" --fork --print-address=1 --print-pid=1 \
  >"$d/session.bus" 2>>"$PLASMA6_LOGS/dbus-session.log"
pids+=("$(sed -n 2p "$d/session.bus")")
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$d/session.bus")
export DBUS_SESSION_BUS_ADDRESS

# wait_for SECONDS WHAT COMMAND...: a deadline, however long each try takes. The process whose
# PID is in $watch must stay alive meanwhile.
watch='' watch_log=''
wait_for() {
  local until=$(( $(date +%s) + $1 )) what=$2
  shift 2
  while [ "$(date +%s)" -lt "$until" ]; do
    "$@" && return 0
    if [ -n "$watch" ] && ! kill -0 "$watch" 2>/dev/null; then
      say "$(basename "$watch_log" .log) exited while waiting for $what"
      tail -n 30 "$watch_log" >&2
      exit 1
    fi
    sleep 0.05
  done
  say "timed out waiting for $what"
  [ -z "$watch_log" ] || tail -n 30 "$watch_log" >&2
  exit 1
}
has_owner() {
  gdbus call --session --timeout 8 --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
started() { # NAME PID: the last daemon started, watched while the next wait runs
  pids+=("$2")
  # Its end is the cleanup's business: no "Segmentation fault" of a daemon ended on the way out.
  disown "$2"
  watch=$2 watch_log=$PLASMA6_LOGS/$1.log
}

if [ -z "$wayland" ]; then
  # Xvfb writes its display number to the descriptor -displayfd names once it accepts clients.
  rm -f "$d/display"
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$d/display" >"$PLASMA6_LOGS/xvfb.log" 2>&1 &
  started xvfb $!
  # One write: the number and a newline.
  wait_for 30 "Xvfb's display" test -s "$d/display"
  DISPLAY=:$(head -n1 "$d/display")
  export DISPLAY
else
  # kwin_wayland makes its socket in XDG_RUNTIME_DIR once it accepts clients. Its screen locker
  # stays on (org.freedesktop.ScreenSaver, for the locked check); kscreenlockerrc keeps it from
  # locking by itself on an idle session.
  printf '[Daemon]\nAutolock=false\nLockOnResume=false\n' >"$XDG_CONFIG_HOME/kscreenlockerrc"
  kwin_wayland --virtual --width 1280 --height 800 --no-global-shortcuts --socket dailyquote-wayland \
    >"$PLASMA6_LOGS/kwin_wayland.log" 2>&1 &
  started kwin_wayland $!
  wait_for 60 "kwin_wayland's socket" test -S "$XDG_RUNTIME_DIR/dailyquote-wayland"
  export WAYLAND_DISPLAY=dailyquote-wayland
  # The bus's environment for what it would start: a KDE service started without it tries xcb
  # and aborts (nothing is activated here, but a session's bus must know its display).
  dbus-update-activation-environment WAYLAND_DISPLAY QT_QPA_PLATFORM XDG_CURRENT_DESKTOP XDG_SESSION_TYPE \
    KDE_FULL_SESSION KDE_SESSION_VERSION QT_LINUX_ACCESSIBILITY_ALWAYS_ON 2>>"$PLASMA6_LOGS/dbus-session.log"
fi
display_up=$(since)

# The accessibility bus first: a Qt program looks for it when it starts (org.a11y.Bus on the
# session bus, nothing activated here).
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$PLASMA6_LOGS/at-spi-bus-launcher.log" 2>&1 &
started at-spi-bus-launcher $!
wait_for 30 org.a11y.Bus has_owner org.a11y.Bus
a11y_up=$(since)

/usr/lib/x86_64-linux-gnu/libexec/kactivitymanagerd >"$PLASMA6_LOGS/kactivitymanagerd.log" 2>&1 &
started kactivitymanagerd $!
wait_for 60 org.kde.ActivityManager has_owner org.kde.ActivityManager
activities_up=$(since)

plasmashell --no-respawn >"$PLASMA6_LOGS/plasmashell.log" 2>&1 &
started plasmashell $!
echo "$watch" >"$d/plasmashell.pid"
server_answers() {
  # A name owner that never answers must not hold each try for gdbus's default 25 s.
  gdbus call --session --timeout 8 --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.Notifications.GetServerInformation >"$d/server-information" 2>/dev/null
}
wait_for 90 GetServerInformation server_answers
server_up=$(since)
echo "display ${display_up}s a11y ${a11y_up}s activities ${activities_up}s notifications ${server_up}s" >"$PLASMA6_LOGS/startup.txt"
[ -z "${PLASMA6_TIMINGS:-}" ] || say "ready: $(cat "$PLASMA6_LOGS/startup.txt"): $(cat "$d/server-information")"

set +e
"$@"
status=$?
set -e
exit $status
