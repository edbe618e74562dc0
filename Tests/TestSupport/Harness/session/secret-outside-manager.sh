#!/usr/bin/env bash
# UserSessionTests.secretOutsideTheManager, run by with-user-session.sh with dailyquote's
# generator: a key in the shell but not in the user manager, then in both.
# Environment: DQ, W (results go there). Results in $W: notify-timer, refresh-timer,
# check.rc/.out/.err, doctor.txt, status.txt, check2.err, doctor2.txt, status2.txt.
# Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

# The user's shell has the key (as ~/.bashrc would set it); the user manager does not.
export TEST_NINJAS_KEY=secret-key
show dailyquote-notify.timer ActiveState >"$W/notify-timer"
show dailyquote-refresh.timer ActiveState >"$W/refresh-timer"
record "$W/check.rc" "$DQ" config check >"$W/check.out" 2>"$W/check.err"
"$DQ" doctor --offline >"$W/doctor.txt" 2>&1 || true
systemctl --user start dailyquote-refresh.service || true
"$DQ" status >"$W/status.txt" 2>/dev/null || true
# Once the manager has it (environment.d at the next login; here, set-environment), the key is sent.
systemctl --user set-environment TEST_NINJAS_KEY=secret-key
"$DQ" config check >/dev/null 2>"$W/check2.err" || true
"$DQ" doctor --offline >"$W/doctor2.txt" 2>&1 || true
systemctl --user start dailyquote-refresh.service || true
"$DQ" status >"$W/status2.txt" 2>/dev/null || true
