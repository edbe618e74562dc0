#!/bin/bash
# Runs inside the GNOME 48 chroot as an unprivileged user (scripts/gnome48 run starts it):
#   gnome48-session CMD [ARG...]
# GNOME48_DIR is a fresh directory this user owns. It starts a system bus and a session bus
# (empty service directories: nothing is D-Bus-activated), GNOME Shell headless with the test
# tray extension enabled, and the notifications proxy; waits until GetServerInformation
# answers and the extension's D-Bus name is there; runs CMD; stops everything by PID.
# CMD sees GNOME48_LOGS (the daemons' logs), GNOME48_SESSION_BUS_PID and GNOME48_RESTART_SHELL, a
# command that kills gnome-shell (SIGKILL, as a crash) and starts it again, waiting until it and
# the tray extension are back. GNOME48_SERVICE_DIRS (colon-separated) adds service directories to
# the session bus (for an application the shell D-Bus-activates; nothing else is activated).
# Exit status: CMD's; 1 when the session did not come up.
set -euo pipefail

d=${GNOME48_DIR:?}
export GNOME48_LOGS=$d/logs
export HOME=$d/home
export XDG_RUNTIME_DIR=$d/runtime
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_STATE_HOME=$HOME/.local/state XDG_DATA_HOME=$HOME/.local/share
export XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=wayland XDG_SESSION_DESKTOP=gnome
# dconf cannot be D-Bus-activated from an empty service directory.
export GSETTINGS_BACKEND=keyfile
export WAYLAND_DISPLAY=gnome48-wayland
mkdir -p "$GNOME48_LOGS" "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$d/services"
mkdir -m 0700 "$XDG_RUNTIME_DIR"

t0=$(date +%s.%N)
since() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
say() { echo "gnome48-session: $*" >&2; }

pids=()
cleanup() {
  set +e
  local pid alive
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for _ in $(seq 40); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.05
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
}
trap cleanup EXIT

extra_service_dirs() {
  [ "$1" = session ] || return 0
  local dir IFS=:
  for dir in ${GNOME48_SERVICE_DIRS:-}; do [ -n "$dir" ] && printf '\n  <servicedir>%s</servicedir>' "$dir"; done
  return 0
}

bus_config() {
  cat <<XML
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>$1</type>
  <listen>unix:dir=$XDG_RUNTIME_DIR</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$d/services</servicedir>$(extra_service_dirs "$1")
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
XML
}

# Starts a bus of type $1; the daemon forks, and its address and PID land in $d/$1.bus.
start_bus() {
  bus_config "$1" >"$d/$1.conf"
  dbus-daemon --config-file="$d/$1.conf" --fork --print-address=1 --print-pid=1 \
    >"$d/$1.bus" 2>>"$GNOME48_LOGS/dbus-$1.log"
  pids+=("$(sed -n 2p "$d/$1.bus")")
}

start_bus system
DBUS_SYSTEM_BUS_ADDRESS=$(sed -n 1p "$d/system.bus")
start_bus session
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$d/session.bus")
export DBUS_SYSTEM_BUS_ADDRESS DBUS_SESSION_BUS_ADDRESS
# For a test that kills the bus under a client.
export GNOME48_SESSION_BUS_PID=${pids[-1]}

version=$(gnome-shell --version | awk '{ print $3 }')
gsettings set org.gnome.shell welcome-dialog-last-shown-version "'$version'"
gsettings set org.gnome.desktop.screensaver lock-enabled false
gsettings set org.gnome.shell disable-user-extensions false
gsettings set org.gnome.shell enabled-extensions "['$GNOME48_EXTENSION']"
mkdir -p "$XDG_DATA_HOME/gnome-shell/extensions"
cp -r /usr/local/share/gnome48-extension "$XDG_DATA_HOME/gnome-shell/extensions/$GNOME48_EXTENSION"

gnome-shell --headless --virtual-monitor 1280x800 --wayland --no-x11 --wayland-display="$WAYLAND_DISPLAY" \
  >"$GNOME48_LOGS/gnome-shell.log" 2>&1 &
shell_pid=$!
disown "$shell_pid"  # it segfaults on SIGTERM (harmless): no job report for that
pids+=("$shell_pid")
echo "$shell_pid" >"$d/shell.pid"

# The restart a test asks for: SIGKILL, then the same command again (scripts/gnome48 ends any
# process left in the chroot afterwards, the new shell included).
export GNOME48_RESTART_SHELL=$d/restart-shell
cat >"$GNOME48_RESTART_SHELL" <<'SH'
#!/bin/bash
set -u
d=${GNOME48_DIR:?}
owner() { gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
  --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true; }
old=$(cat "$d/shell.pid")
kill -KILL "$old"
for _ in $(seq 100); do owner org.gnome.Shell || break; sleep 0.05; done
gnome-shell --headless --virtual-monitor 1280x800 --wayland --no-x11 --wayland-display="$WAYLAND_DISPLAY" \
  >>"$GNOME48_LOGS/gnome-shell.log" 2>&1 &
echo $! >"$d/shell.pid"
disown $!
for _ in $(seq 1200); do owner org.gnome.Shell && owner org.dailyquote.TestTray && owner org.gtk.Notifications && exit 0; sleep 0.05; done
echo "restart-shell: gnome-shell did not come back" >&2
exit 1
SH
chmod 0755 "$GNOME48_RESTART_SHELL"

has_owner() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
wait_for() { # SECONDS WHAT COMMAND... (a deadline, however long each try takes)
  local until=$(( $(date +%s) + $1 )) what=$2
  shift 2
  while [ "$(date +%s)" -lt "$until" ]; do
    "$@" && return 0
    kill -0 "$shell_pid" 2>/dev/null || { say "gnome-shell exited while waiting for $what"; tail -n 30 "$GNOME48_LOGS/gnome-shell.log" >&2; exit 1; }
    sleep 0.05
  done
  say "timed out waiting for $what"
  tail -n 30 "$GNOME48_LOGS/gnome-shell.log" >&2
  exit 1
}
wait_for 60 org.gnome.Shell has_owner org.gnome.Shell
shell_up=$(since)

# As on GNOME 43, the proxy that owns org.freedesktop.Notifications is D-Bus-activated on a
# real desktop; nothing is activated here, so it is started by hand.
gjs -m /usr/share/gnome-shell/org.gnome.Shell.Notifications >"$GNOME48_LOGS/notifications.log" 2>&1 &
disown $!
pids+=("$!")
server_answers() {
  # A name owner that never answers must not hold each try for gdbus's default 25 s.
  gdbus call --session --timeout 8 --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1
}
wait_for 30 GetServerInformation server_answers
server_up=$(since)
wait_for 30 "the tray extension (org.dailyquote.TestTray)" has_owner org.dailyquote.TestTray
tray_up=$(since)
echo "shell ${shell_up}s notifications ${server_up}s tray-extension ${tray_up}s" >"$GNOME48_LOGS/startup.txt"
[ -z "${GNOME48_TIMINGS:-}" ] || say "ready: org.gnome.Shell after ${shell_up}s, GetServerInformation after ${server_up}s, tray extension after ${tray_up}s"

set +e
"$@"
status=$?
set -e
exit $status
