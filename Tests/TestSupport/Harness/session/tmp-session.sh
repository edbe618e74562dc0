#!/usr/bin/env bash
# UserSessionTests.tmpSessionDelivers, run by with-user-session.sh with SYSTEMD_GENERATOR_PATH
# naming dailyquote's generator, in this harness's session whose bus socket, runtime directory
# and home lie under /tmp: the generated notify timer posts, with /tmp shared.
# Environment: DQ, W (results go there), HISTORY (the history file), and the harness's session.
# Results in $W: bus (the bus address), unit (the loaded notify service), history.json (dunst's
# history), service (its result, status and restarts), doctor.rc/.out, dry-run.out (the units
# `install` would write), doctor-private.rc/.out (doctor with a private /tmp added). Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

dunst_has_quote() { dunstctl history | grep -q 'Quote of the Day'; }

echo "$DBUS_SESSION_BUS_ADDRESS" >"$W/bus"
systemctl --user cat dailyquote-notify.service >"$W/unit" 2>&1 || true
wait_until 100 "the delivery in the history" non_empty "$HISTORY" || true
dunstctl close-all
# dunst moves a closed notification to its history: wait for it there.
wait_until 30 "dunst's history to hold the quote" dunst_has_quote || true
dunstctl history >"$W/history.json"
systemctl --user show dailyquote-notify.service -p Result,ExecMainStatus,NRestarts >"$W/service"
record "$W/doctor.rc" "$DQ" doctor --offline >"$W/doctor.out" 2>&1
"$DQ" install --dry-run >"$W/dry-run.out" 2>&1 || true
# The units of an older version, with a private /tmp: doctor must say that it hides the session.
mkdir -p "$XDG_CONFIG_HOME/systemd/user/dailyquote-notify.service.d"
printf '[Service]\nPrivateTmp=yes\n' >"$XDG_CONFIG_HOME/systemd/user/dailyquote-notify.service.d/private-tmp.conf"
systemctl --user daemon-reload
record "$W/doctor-private.rc" "$DQ" doctor --offline >"$W/doctor-private.out" 2>&1
