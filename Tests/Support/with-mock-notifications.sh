#!/usr/bin/env bash
# Runs CMD on a private session bus with python3-dbusmock's notification server, for what no
# real headless server gives on demand: capabilities of our choosing, and NotificationClosed
# with any reason.
#   Tests/Support/with-mock-notifications.sh "CAPABILITY ..." CMD [ARG...]
# CMD sees DBUS_SESSION_BUS_ADDRESS, MOCK_LOG (the mock's log of method calls, one line each)
# and the helper "$MOCK" close ID REASON, which emits NotificationClosed(ID, REASON).
# The bus has an empty service directory, so nothing is activated behind the test's back.
set -euo pipefail

if [ "${1:-}" = "close" ]; then
  exec gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications NotificationClosed uu "[<uint32 $2>, <uint32 $3>]" >/dev/null
fi

capabilities=$1
shift
work=$(mktemp -d)
mkdir "$work/services"
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$work/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
bus_pid=""
mock_pid=""
cleanup() {
  [ -n "$mock_pid" ] && kill "$mock_pid" 2>/dev/null || true
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
dbus-daemon --config-file="$work/bus.conf" --fork --print-address=1 --print-pid=1 >"$work/bus" 2>/dev/null
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")
export DBUS_SESSION_BUS_ADDRESS
export MOCK_LOG="$work/mock.log" MOCK="$0"
/usr/bin/python3 -m dbusmock --template notification_daemon -l "$MOCK_LOG" \
  -p "{\"capabilities\": \"$capabilities\"}" >"$work/mock.out" 2>&1 &
mock_pid=$!
ready() {
  gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1
}
for _ in $(seq 100); do ready && break; sleep 0.05; done
ready || { echo "mock-notifications: the mock server did not answer" >&2; cat "$work/mock.out" >&2; exit 1; }

set +e
"$@"
status=$?
set -e
exit $status
