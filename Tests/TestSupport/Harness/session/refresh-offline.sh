#!/usr/bin/env bash
# UserSessionTests.offlineRefreshIsNoFailedUnit, run by with-user-session.sh with dailyquote's
# generator: the timers' refresh service with no source reachable (refresh exits 75 and the
# delivery falls back to the bundled collection).
# Environment: DQ, W (results go there). Results in $W: timer, start.rc, active, result,
# exit-status, failed (the manager's failed units), refresh.rc (refresh run by hand).
# Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

show dailyquote-refresh.timer ActiveState >"$W/timer"
record "$W/start.rc" systemctl --user start dailyquote-refresh.service
show dailyquote-refresh.service ActiveState >"$W/active"
show dailyquote-refresh.service Result >"$W/result"
show dailyquote-refresh.service ExecMainStatus >"$W/exit-status"
systemctl --user list-units --state=failed --no-legend --plain >"$W/failed" || true
# Run by a person, refresh keeps its documented status.
record "$W/refresh.rc" "$DQ" refresh >/dev/null 2>&1
