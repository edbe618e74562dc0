#!/usr/bin/env bash
# UserSessionTests.timerDeliversInSessionLanguage, run by with-user-session.sh: a timer-started
# delivery posts in the user manager's language.
#   timer-language.sh NAME=VALUE...    the locale variables given to `systemctl --user set-environment`
# Environment: DQ, W (results go there), PROBE (notify_probe.py), HISTORY (the history file).
# Results in $W: install.rc/.out, calls.json, unit. Exit status: 0, or 1 when the Notify monitor
# did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

monitor_notify "$W/monitor.txt"
systemctl --user set-environment "$@"
record "$W/install.rc" "$DQ" install >"$W/install.out" 2>&1
wait_until 100 "the delivery in the history" non_empty "$HISTORY" || true
wait_until 30 "the Notify call in the capture" notify_calls_at_least "$W/monitor.txt" 1 || true
python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
systemctl --user cat dailyquote-notify.service >"$W/unit" 2>&1 || true
