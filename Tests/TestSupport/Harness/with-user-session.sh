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
# As root it runs in a mount namespace of its own in which an installed dailyquote's files (the
# package's units, generator, D-Bus service and autostart entry) are hidden (lib.sh's
# private_view); HARNESS_SYSTEM_FILES=1 shows them (the package test).
# Exit status: CMD's; 77 (skip) when not root or without a cgroup2 hierarchy; 1 when the
# session does not come up. Readiness, logging and teardown come from lib.sh; each wait has a
# limit generous for a loaded two-core machine (it only ends a wait that will never succeed).
set -euo pipefail

HARNESS_NAME=user-session
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$(dirname "$0")/lib.sh"
limit=60

manager_ready() { systemctl --user show-environment >/dev/null 2>&1; }

start_manager() {
  local pid
  /lib/systemd/systemd --user >>"$USER_SESSION_DIR/systemd.log" 2>&1 &
  pid=$!
  echo "$pid" >"$USER_SESSION_DIR/manager.pid"
  wait_alive "$pid" "$limit" "the user manager to answer" manager_ready ||
    { harness_log "the user manager did not start"; cat "$USER_SESSION_DIR/systemd.log" >&2; return 1; }
  systemctl --user import-environment DISPLAY DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR TZ
}

stop_manager() {
  local pid
  pid=$(cat "$USER_SESSION_DIR/manager.pid")
  kill -TERM "$pid" 2>/dev/null || true
  gone() { ! kill -0 "$pid" 2>/dev/null; }
  wait_until "$limit" "the user manager to stop" gone || { harness_log "the user manager did not stop"; return 1; }
}

case "${1:-}" in
  start-manager) start_manager; exit ;;
  stop-manager) stop_manager; exit ;;
esac

[ "$(id -u)" -eq 0 ] || HARNESS_FAILURE_STATUS=77 harness_die "needs root"
# The manager, the bus and dailyquote see none of an installed dailyquote's files (the package's
# units, generator, D-Bus service, autostart entry): only the units the test installs (lib.sh).
private_view "$0" "$@"
[ -n "${XDG_CONFIG_HOME:-}" ] || harness_die "set XDG_CONFIG_HOME to a sandbox"
unified=/sys/fs/cgroup/unified
[ -f "$unified/cgroup.procs" ] || unified=/sys/fs/cgroup
[ -f "$unified/cgroup.procs" ] || HARNESS_FAILURE_STATUS=77 harness_die "no cgroup2 hierarchy"

export USER_SESSION_DIR
USER_SESSION_DIR=$(mktemp -d)
export USER_SESSION="$0"
at_exit rm -rf "$USER_SESSION_DIR"
cgroup="$unified/dailyquote-session-$$"

# The processes in the cgroup, but this shell.
in_cgroup() { find "$cgroup" -name cgroup.procs -exec cat {} + 2>/dev/null | grep -vx $$; }
cgroup_empty() { ! in_cgroup >/dev/null; }
end_cgroup() {
  # Everything started here lives in the cgroup (the manager's services in sub-groups): SIGTERM,
  # a second or two to end, then SIGKILL; then this shell leaves it and it goes.
  local signal pid
  for signal in TERM KILL; do
    for pid in $(in_cgroup); do kill -"$signal" "$pid" 2>/dev/null; done
    wait_until 2 "the session's processes to end" cgroup_empty 2>/dev/null
  done
  echo $$ >"$unified/cgroup.procs"
  find "$cgroup" -depth -type d -exec rmdir {} \; 2>/dev/null
}

# systemd only runs a user instance where systemd looks booted; and a booted system's PID 1
# makes /run/systemd/unit-root, where a service's mount namespace is put together. Where PID 1 is
# not systemd (a container), both are made in this harness's own mount namespace (a tmpfs on
# /run/systemd): made and removed on the machine, one session's cleanup once stopped another's
# manager from starting.
if [ ! -d /run/systemd/system ] && [ "${DQ_PRIVATE_VIEW:-}" = "done" ]; then
  mkdir -p /run/systemd
  mount -t tmpfs -o mode=0755 dq-run-systemd /run/systemd
  mkdir /run/systemd/system
elif [ ! -d /run/systemd/system ]; then
  mkdir -p /run/systemd/system
  at_exit rmdir /run/systemd/system
fi
if [ ! -d /run/systemd/unit-root ]; then
  mkdir -m 0700 /run/systemd/unit-root
  [ "${DQ_PRIVATE_VIEW:-}" = "done" ] || at_exit rmdir /run/systemd/unit-root
fi
mkdir "$cgroup"
at_exit end_cgroup
echo $$ >"$cgroup/cgroup.procs"

export XDG_RUNTIME_DIR="$USER_SESSION_DIR/runtime"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
dbus-daemon --session --address="$DBUS_SESSION_BUS_ADDRESS" --nofork --nopidfile >"$USER_SESSION_DIR/dbus.log" 2>&1 &
wait_alive $! "$limit" "the session bus's socket" test -S "$XDG_RUNTIME_DIR/bus" ||
  { cat "$USER_SESSION_DIR/dbus.log" >&2; harness_die "the session bus did not start"; }

display=""
for n in $(seq 401 700); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=$n; break; fi
done
[ -n "$display" ] || harness_die "no free X display in :401-:700"
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$USER_SESSION_DIR/xvfb.log" 2>&1 &
export DISPLAY=":$display"
wait_alive $! "$limit" "Xvfb's socket" test -e "/tmp/.X11-unix/X$display" ||
  { cat "$USER_SESSION_DIR/xvfb.log" >&2; harness_die "Xvfb did not start"; }
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
server_pid=$!
owned() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}
wait_alive "$server_pid" "$limit" "the notification server's name" owned ||
  { cat "$USER_SESSION_DIR/dunst.log" >&2; harness_die "dunst did not start"; }

# With dbus-user-session installed, the manager would bind its own bus at the same path once
# ours is gone from it (after a restart), and services would talk to a second bus.
mkdir -p "$XDG_CONFIG_HOME/systemd/user"
ln -sf /dev/null "$XDG_CONFIG_HOME/systemd/user/dbus.socket"
ln -sf /dev/null "$XDG_CONFIG_HOME/systemd/user/dbus.service"
# The manager sees systemd's own user units and those the test installs, whatever else the machine has:
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
# The sandbox (its home, this runtime directory and the bus in it) lives in /tmp, as a
# container's or a hand-started bus's may: dailyquote's units leave /tmp shared for such a
# session (issue 43), so the services run here with the sandbox exactly as written for it
# (packaging/test-user-install.sh runs the refresh service with its private /tmp).
start_manager

set +e
"$@"
status=$?
set -e
exit $status
