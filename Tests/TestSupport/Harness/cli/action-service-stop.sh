#!/usr/bin/env bash
# On a bus of its own (run under dbus-run-session): starts `dailyquote action-service`, waits
# until it owns its name, sends SIGTERM and prints "status=N", the service's exit status.
# Environment: DQ, HOME (the service's standard error goes to $HOME/service.err).
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" action-service 2>"$HOME/service.err" &
pid=$!
owned() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:io.github.dailyquote.DailyQuote 2>/dev/null | grep -q true
}
wait_until 30 "the service's name" owned || true
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
echo "status=$status"
