#!/usr/bin/env bash
# Race 3: a second notify --now whose Notify the mock refuses; the first holder must stay.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes err1, out2, err2, rc2, pids, first-alive,
# close-count, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now >/dev/null 2>"$W/err1"
first=$(holder_pid)
mock_notify 'raise dbus.exceptions.DBusException("refused by the test", name="org.freedesktop.DBus.Error.Failed")'
record "$W/rc2" "$DQ" notify --now >"$W/out2" 2>"$W/err2"
sleep 0.3 # what must not happen (the first holder ending, a close) would come by now
echo "$first $(holder_pid)" >"$W/pids"
alive_to "$W/first-alive" "$first"
mock_count 'CloseNotification' >"$W/close-count"
"$DQ" history --json >"$W/history.json"
