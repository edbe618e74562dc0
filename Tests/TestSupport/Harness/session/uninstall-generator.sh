#!/usr/bin/env bash
# UserSessionTests.uninstallTurnsTheGeneratorOff, run by with-user-session.sh with dailyquote's
# generator: uninstall without a terminal or --yes refuses; with --yes it opts out in the config.
# Environment: DQ, W (results go there). Results in $W: before, refused.rc/.out/.err,
# after-refusal, yes.rc/.out/.err, load, active, status.txt, load-again, again.rc/.out.
# Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

show dailyquote-notify.timer ActiveState >"$W/before"
record "$W/refused.rc" "$DQ" uninstall </dev/null >"$W/refused.out" 2>"$W/refused.err"
show dailyquote-notify.timer ActiveState >"$W/after-refusal"
record "$W/yes.rc" "$DQ" uninstall --yes </dev/null >"$W/yes.out" 2>"$W/yes.err"
show dailyquote-notify.timer LoadState >"$W/load"
show dailyquote-notify.timer ActiveState >"$W/active"
"$DQ" status >"$W/status.txt" 2>/dev/null || true
# The next login: the generator runs again and still writes nothing.
systemctl --user daemon-reload
show dailyquote-notify.timer LoadState >"$W/load-again"
record "$W/again.rc" "$DQ" uninstall </dev/null >"$W/again.out" 2>&1
