#!/usr/bin/env bash
# UserSessionTests.optOutIsOff, run by with-user-session.sh with dailyquote's generator: before
# the opt-out, `dailyquote` alone leaves the delivery to the timers; after `uninstall --yes`
# (`enabled = false`), status, status --json and doctor say the quotes are off, with no next
# delivery, and neither `dailyquote` alone nor `run` starts a scheduler.
# Environment: DQ, W (results go there). Results in $W: before, bare-before.rc/.out/.err,
# yes.rc/.out, active, status.rc/.txt, status.json, doctor.rc/.out, bare.rc/.out/.err,
# run.rc/.err, calls (the Notify calls after the opt-out). Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

show dailyquote-notify.timer ActiveState >"$W/before"
# A scheduler that started would never end by itself: `timeout` ends it (124).
record "$W/bare-before.rc" timeout 20 "$DQ" </dev/null >"$W/bare-before.out" 2>"$W/bare-before.err"
record "$W/yes.rc" "$DQ" uninstall --yes </dev/null >"$W/yes.out" 2>&1
show dailyquote-notify.timer ActiveState >"$W/active"
monitor_notify "$W/calls"
record "$W/status.rc" "$DQ" status >"$W/status.txt" 2>&1
"$DQ" status --json >"$W/status.json" 2>/dev/null || true
record "$W/doctor.rc" "$DQ" doctor --offline >"$W/doctor.out" 2>&1
record "$W/bare.rc" timeout 20 "$DQ" </dev/null >"$W/bare.out" 2>"$W/bare.err"
record "$W/run.rc" timeout 20 "$DQ" run </dev/null >/dev/null 2>"$W/run.err"
