#!/usr/bin/env bash
# Runs CMD inside a real user session, as root:
#   Tests/TestSupport/Harness/with-user-session.sh CMD [ARG...]
# It starts a systemd user manager, a session bus at $XDG_RUNTIME_DIR/bus, Xvfb and dunst
# (or, with USER_SESSION_MOCK_CAPABILITIES="CAP ...", python3-dbusmock's notification server),
# all in a cgroup of their own, runs CMD, and tears everything down by that cgroup.
# CMD sees XDG_RUNTIME_DIR, DBUS_SESSION_BUS_ADDRESS, DISPLAY, and two helpers:
#   "$USER_SESSION" stop-manager    stops the user manager and waits until it is gone
#   "$USER_SESSION" start-manager   starts it again and waits until systemctl --user answers
# The manager reads units from XDG_CONFIG_HOME, which must point at a sandbox: the harness
# masks the manager's own dbus.socket there, so that the bus started here stays the only one,
# and every user unit the machine has that is neither systemd's own nor dailyquote's.
# Exit status: CMD's; 77 (skip) when not root or without a cgroup2 hierarchy.
set -euo pipefail

manager_ready() { systemctl --user show-environment >/dev/null 2>&1; }

start_manager() {
  /lib/systemd/systemd --user >>"$USER_SESSION_DIR/systemd.log" 2>&1 &
  echo $! >"$USER_SESSION_DIR/manager.pid"
  for _ in $(seq 200); do manager_ready && break; sleep 0.05; done
  manager_ready || { echo "user-session: the user manager did not start" >&2; cat "$USER_SESSION_DIR/systemd.log" >&2; return 1; }
  systemctl --user import-environment DISPLAY DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR TZ
}

stop_manager() {
  local pid
  pid=$(cat "$USER_SESSION_DIR/manager.pid")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.05; done
  echo "user-session: the user manager did not stop" >&2
  return 1
}

case "${1:-}" in
  start-manager) start_manager; exit ;;
  stop-manager) stop_manager; exit ;;
esac

[ "$(id -u)" -eq 0 ] || { echo "user-session: needs root" >&2; exit 77; }
[ -n "${XDG_CONFIG_HOME:-}" ] || { echo "user-session: set XDG_CONFIG_HOME to a sandbox" >&2; exit 1; }
unified=/sys/fs/cgroup/unified
[ -f "$unified/cgroup.procs" ] || unified=/sys/fs/cgroup
[ -f "$unified/cgroup.procs" ] || { echo "user-session: no cgroup2 hierarchy" >&2; exit 77; }

export USER_SESSION_DIR
USER_SESSION_DIR=$(mktemp -d)
export USER_SESSION="$0"
cgroup="$unified/dailyquote-session-$$"
made_marker=0
made_root=0

cleanup() {
  set +e
  # Everything started here lives in the cgroup (the manager's services in sub-groups).
  for signal in TERM KILL; do
    while read -r pid; do
      [ "$pid" != $$ ] && kill -"$signal" "$pid" 2>/dev/null
    done < <(find "$cgroup" -name cgroup.procs -exec cat {} + 2>/dev/null)
    for _ in $(seq 20); do
      left=$(find "$cgroup" -name cgroup.procs -exec cat {} + 2>/dev/null | grep -vx $$ | wc -l)
      [ "$left" = 0 ] && break
      sleep 0.05
    done
  done
  echo $$ >"$unified/cgroup.procs"
  find "$cgroup" -depth -type d -exec rmdir {} \; 2>/dev/null
  [ $made_root = 1 ] && rmdir /run/systemd/unit-root 2>/dev/null
  [ $made_marker = 1 ] && rmdir /run/systemd/system 2>/dev/null
  rm -rf "$USER_SESSION_DIR"
}
trap cleanup EXIT

# systemd only runs a user instance where systemd looks booted; and a booted system's PID 1
# makes /run/systemd/unit-root, where a service's mount namespace is put together.
if [ ! -d /run/systemd/system ]; then mkdir -p /run/systemd/system; made_marker=1; fi
if [ ! -d /run/systemd/unit-root ]; then mkdir -m 0700 /run/systemd/unit-root; made_root=1; fi
mkdir "$cgroup"
echo $$ >"$cgroup/cgroup.procs"

export XDG_RUNTIME_DIR="$USER_SESSION_DIR/runtime"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
dbus-daemon --session --address="$DBUS_SESSION_BUS_ADDRESS" --nofork --nopidfile >"$USER_SESSION_DIR/dbus.log" 2>&1 &
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/bus" ] && break; sleep 0.05; done

display=""
for n in $(seq 401 700); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=$n; break; fi
done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$USER_SESSION_DIR/xvfb.log" 2>&1 &
export DISPLAY=":$display"
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.05; done
dbus-update-activation-environment DISPLAY

cat >"$USER_SESSION_DIR/dunstrc" <<'CONF'
[global]
    history_length = 100
    sticky_history = yes
    stack_duplicates = false
[urgency_normal]
    timeout = 0
CONF
if [ -n "${USER_SESSION_MOCK_CAPABILITIES:-}" ]; then
  # python3-dbusmock's server instead of dunst, with these capabilities (`persistence` makes
  # `notify` leave a holder); its log of method calls is $MOCK_LOG.
  export MOCK_LOG="$USER_SESSION_DIR/mock.log"
  /usr/bin/python3 -m dbusmock --template notification_daemon -l "$MOCK_LOG" \
    -p "{\"capabilities\": \"$USER_SESSION_MOCK_CAPABILITIES\"}" >"$USER_SESSION_DIR/dunst.log" 2>&1 &
else
  dunst -config "$USER_SESSION_DIR/dunstrc" >"$USER_SESSION_DIR/dunst.log" 2>&1 &
fi
owned() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}
for _ in $(seq 200); do owned && break; sleep 0.05; done
owned || { echo "user-session: dunst did not start" >&2; cat "$USER_SESSION_DIR/dunst.log" >&2; exit 1; }

# With dbus-user-session installed, the manager would bind its own bus at the same path once
# ours is gone from it (after a restart), and services would talk to a second bus.
mkdir -p "$XDG_CONFIG_HOME/systemd/user"
ln -sf /dev/null "$XDG_CONFIG_HOME/systemd/user/dbus.socket"
ln -sf /dev/null "$XDG_CONFIG_HOME/systemd/user/dbus.service"
# The manager sees systemd's own user units and dailyquote's, whatever else the machine has:
# every other unit in the system's user unit directories (pipewire, gpg-agent, GNOME's and
# Plasma's services, ...) is masked in the sandbox, so the set of installed packages does not
# change what this manager loads or starts.
systemd_units=$(dpkg-query -L systemd 2>/dev/null | sed -n 's|^.*/systemd/user/\([^/]*\)$|\1|p')
for dir in /etc/systemd/user /usr/local/lib/systemd/user /usr/local/share/systemd/user /usr/lib/systemd/user /usr/share/systemd/user; do
  for unit in "$dir"/*; do
    { [ -f "$unit" ] || [ -L "$unit" ]; } && [ ! -d "$unit" ] || continue   # not the .wants/ directories
    name=${unit##*/}
    case "$name" in dailyquote-*) continue ;; esac
    grep -qxF "$name" <<<"$systemd_units" && continue
    [ -e "$XDG_CONFIG_HOME/systemd/user/$name" ] || [ -L "$XDG_CONFIG_HOME/systemd/user/$name" ] ||
      ln -s /dev/null "$XDG_CONFIG_HOME/systemd/user/$name"
  done
done
# The sandbox (its home and this runtime directory) lives in /tmp, which a real home and
# runtime directory do not: dailyquote's services have a private /tmp, which here only would
# hide them. So every service here shares /tmp; the rest of their sandbox applies as shipped
# (packaging/test-user-install.sh runs the refresh service with its private /tmp).
mkdir -p "$XDG_CONFIG_HOME/systemd/user/service.d"
printf '[Service]\nPrivateTmp=no\n' >"$XDG_CONFIG_HOME/systemd/user/service.d/50-user-session-tmp.conf"
start_manager

set +e
"$@"
status=$?
set -e
exit $status
