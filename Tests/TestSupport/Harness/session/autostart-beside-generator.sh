#!/usr/bin/env bash
# UserSessionTests.autostartBesideTheGenerator, run by with-user-session.sh with dailyquote's
# generator: the autostart entry's Exec line, run through a shell as a session manager that
# ignores X-systemd-skip does, exits 0 at once beside the timers, and stays without a user manager.
# Environment: EXEC (the entry's Exec= line, the binary's path in it), W (results go there).
# Results in $W: timer, run.rc/.out/.err, run.ms, alone.rc, alone.err. Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

show dailyquote-notify.timer ActiveState >"$W/timer"
# As cinnamon-session or xfce4-session would: the Exec line, through a shell, in the session.
start=$(date +%s%N)
record "$W/run.rc" timeout 20 sh -c "$EXEC" >"$W/run.out" 2>"$W/run.err"
echo $((($(date +%s%N) - start) / 1000000)) >"$W/run.ms"
# No user manager answers (a session without systemd): the scheduler stays.
XDG_RUNTIME_DIR="$W/none" record "$W/alone.rc" timeout 3 sh -c "$EXEC" >/dev/null 2>"$W/alone.err"
