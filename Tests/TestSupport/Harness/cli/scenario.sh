# shellcheck shell=bash
# The command-line tests' scenario library: sourced by the scripts in this folder, never run.
#   . "$(dirname "$0")/scenario.sh"
# It sources ../lib.sh (wait_until, harness_log, harness_die, at_exit) and adds what the
# scenarios share. They run with DQ (the dailyquote binary), W (a work directory whose files
# the test reads) and the sandbox's XDG variables; under the mock server, MOCK_LOG as well.
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# hold_marked: succeeds once a holder has marked its hold (hold.json).
hold_marked() { [ -s "$XDG_STATE_HOME/dailyquote/hold.json" ]; }

# mock_count PATTERN: how many lines of the mock server's log match PATTERN (grep -c).
mock_count() { grep -c -- "$1" "$MOCK_LOG" || true; }

# mock_count_above N PATTERN: succeeds once more than N lines of the mock's log match PATTERN.
mock_count_above() { [ "$(mock_count "$2")" -gt "$1" ]; }

# mock_has PATTERN: succeeds once a line of the mock server's log matches PATTERN.
mock_has() { grep -q -- "$1" "$MOCK_LOG"; }

# alive_to FILE PID: writes "alive" to FILE when PID is a live process, else leaves FILE alone.
alive_to() { if [ -n "$2" ] && kill -0 "$2" 2>/dev/null; then echo alive >"$1"; fi; }

# notify_and_wait: `"$DQ" notify --now` (now.out, now.err, now.rc in $W), then waits until its
# holder has marked the hold.
notify_and_wait() {
  record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
  wait_until 30 "the holder's mark" hold_marked || true
}

# mock_notify CODE: replaces the mock server's Notify with CODE (Python, dbusmock's args/ret
# conventions), through dbusmock's own AddMethod.
mock_notify() {
  /usr/bin/python3 -c 'import dbus, sys
o = dbus.SessionBus().get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
o.AddMethod("org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u", sys.argv[1], dbus_interface="org.freedesktop.DBus.Mock")' "$1"
}

# waiting: succeeds while `"$DQ" status --json` shows a presence wait.
waiting() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin).get("waitingForPresence") else 1)'
}

# await_waiting: waits until status shows the presence wait, then saves `status` as
# $W/status.txt and $W/status.json.
await_waiting() {
  wait_until 30 "the presence wait in status" waiting || true
  "$DQ" status >"$W/status.txt" 2>/dev/null || true
  "$DQ" status --json >"$W/status.json" 2>/dev/null || true
}

# waiting_pid: the PID of the process that waits for presence, from status --json.
waiting_pid() {
  "$DQ" status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["waitingForPresence"]["pid"])'
}

# start_locked COMMAND: locks the session ($PRESENCE), starts `"$DQ" COMMAND --config "$CONFIG"`
# at 2026-06-01 08:00:05 (faketime) in the background as $dq (out and err in $W), waits until
# status shows its presence wait, and writes the Notify calls so far to $W/before.
start_locked() {
  "$PRESENCE" lock
  faketime -f '@2026-06-01 08:00:05' "$DQ" "$1" --config "$CONFIG" >"$W/out" 2>"$W/err" &
  # shellcheck disable=SC2034 # the sourcing script waits for it
  dq=$!
  await_waiting
  mock_count 'Notify "dailyquote"' >"$W/before"
}
