#!/usr/bin/env bash
# Runs CMD with python3-dbusmock's presence services, for the presence wait's tests:
#   Tests/TestSupport/Harness/with-presence-mocks.sh [--logind] [--screensaver gnome|freedesktop] [--inhibition] CMD [ARG...]
# Run it inside with-notification-server.sh (its session bus; its subreaper ends what this starts).
#   --logind        a private system bus (DBUS_SYSTEM_BUS_ADDRESS) with logind's template and one
#                   session, id c1 (XDG_SESSION_ID=c1), unlocked
#   --screensaver   org.gnome.ScreenSaver (the gnome_screensaver template) or a mocked
#                   org.freedesktop.ScreenSaver on the session bus, inactive
#   --inhibition    an Inhibited property (false) on the notification server, as Plasma has;
#                   needs --server mock
# Without --logind, DBUS_SYSTEM_BUS_ADDRESS points at a bus nobody listens on: no logind.
# CMD sees PRESENCE, a helper: "$PRESENCE" lock|unlock|ss-on|ss-off|inhibit|uninhibit.
# Exit status: CMD's; 2 when a mock does not come up. Readiness, logging and the removal of its
# run directory come from lib.sh.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"
HARNESS_NAME="presence mocks"
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/lib.sh"

case "${1:-}" in
lock | unlock)
  value=$([ "$1" = lock ] && echo true || echo false)
  exec gdbus call --system -d org.freedesktop.login1 -o /org/freedesktop/login1/session/c1 \
    -m org.freedesktop.login1.Session.SetLockedHint "$value" >/dev/null
  ;;
ss-on | ss-off)
  value=$([ "$1" = ss-on ] && echo true || echo false)
  if [ "${PRESENCE_SCREENSAVER:-gnome}" = gnome ]; then
    exec gdbus call --session -d org.gnome.ScreenSaver -o /org/gnome/ScreenSaver -m org.gnome.ScreenSaver.SetActive "$value" >/dev/null
  fi
  # The property first, so that GetActive already answers the new state when the signal comes.
  gdbus call --session -d org.freedesktop.ScreenSaver -o /org/freedesktop/ScreenSaver \
    -m org.freedesktop.DBus.Mock.UpdateProperties org.freedesktop.ScreenSaver "{'Active': <$value>}" >/dev/null
  exec gdbus call --session -d org.freedesktop.ScreenSaver -o /org/freedesktop/ScreenSaver \
    -m org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.ScreenSaver ActiveChanged b "[<$value>]" >/dev/null
  ;;
inhibit | uninhibit)
  value=$([ "$1" = inhibit ] && echo true || echo false)
  exec gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.DBus.Properties.Set org.freedesktop.Notifications Inhibited "<$value>" >/dev/null
  ;;
esac

logind=0 screensaver="" inhibition=0
while [ $# -gt 0 ]; do
  case "$1" in
  --logind) logind=1; shift ;;
  --screensaver) screensaver=${2:?--screensaver gnome|freedesktop}; shift 2 ;;
  --inhibition) inhibition=1; shift ;;
  *) break ;;
  esac
done
HARNESS_FAILURE_STATUS=2
[ $# -gt 0 ] || harness_die "usage: $0 [--logind] [--screensaver gnome|freedesktop] [--inhibition] CMD [ARG...]"
: "${DBUS_SESSION_BUS_ADDRESS:?run inside with-notification-server.sh}"

run=$(mktemp -d "${TMPDIR:-/tmp}/presence-mocks-XXXXXX")
# Its processes end with with-notification-server.sh's teardown (its subreaper); the directory here.
at_exit rm -rf "$run"
# Generous for a loaded two-core machine: a limit only ends a wait that will never succeed.
limit=60
has_owner() { # BUS NAME
  gdbus call "--$1" -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner "$2" 2>/dev/null |
    grep -q true
}
wait_name() { # PID BUS NAME
  wait_alive "$1" "$limit" "$3 on the $2 bus" has_owner "$2" "$3" || harness_die "$3 did not appear on the $2 bus"
}

export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$run/no-system-bus
if [ $logind = 1 ]; then
  dbus-daemon --session --nofork --address="unix:path=$run/system" >/dev/null 2>"$run/system.log" &
  export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$run/system
  wait_alive $! "$limit" "the system bus's socket" test -S "$run/system" || harness_die "the system bus did not start: $(cat "$run/system.log")"
  /usr/bin/python3 -m dbusmock --system --template logind >/dev/null 2>"$run/logind.log" &
  wait_name $! system org.freedesktop.login1
  gdbus call --system -d org.freedesktop.login1 -o /org/freedesktop/login1 \
    -m org.freedesktop.DBus.Mock.AddSession c1 seat0 "$(id -u)" "$(id -un)" true >/dev/null
  export XDG_SESSION_ID=c1
fi
case "$screensaver" in
"") ;;
gnome)
  /usr/bin/python3 -m dbusmock --template gnome_screensaver >/dev/null 2>"$run/screensaver.log" &
  wait_name $! session org.gnome.ScreenSaver
  ;;
freedesktop)
  /usr/bin/python3 -m dbusmock org.freedesktop.ScreenSaver /org/freedesktop/ScreenSaver org.freedesktop.ScreenSaver \
    >/dev/null 2>"$run/screensaver.log" &
  wait_name $! session org.freedesktop.ScreenSaver
  gdbus call --session -d org.freedesktop.ScreenSaver -o /org/freedesktop/ScreenSaver -m org.freedesktop.DBus.Mock.AddProperty \
    org.freedesktop.ScreenSaver Active "<false>" >/dev/null
  gdbus call --session -d org.freedesktop.ScreenSaver -o /org/freedesktop/ScreenSaver -m org.freedesktop.DBus.Mock.AddMethod \
    org.freedesktop.ScreenSaver GetActive "" b "ret = self.Get('org.freedesktop.ScreenSaver', 'Active')" >/dev/null
  ;;
*) harness_die "--screensaver gnome or freedesktop" ;;
esac
export PRESENCE_SCREENSAVER=$screensaver
if [ $inhibition = 1 ]; then
  gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications -m org.freedesktop.DBus.Mock.AddProperty \
    org.freedesktop.Notifications Inhibited "<false>" >/dev/null
fi
export PRESENCE=$self
set +e
"$@"
status=$?
exit $status
