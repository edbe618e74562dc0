#!/usr/bin/env bash
# UserSessionTests.olderInstallUnitsUpdated, run by with-user-session.sh: under an older install's
# notify service, the first run brings the units up to date, so that once the binary is gone the
# service is skipped, not restarted.
# Environment: BIN (a copy of the binary, which this removes), W (holding old.service, the older
# install's unit; results go there).
# Results in $W: install.rc/.out, new.service, old-limit, first.rc, cmp, new-limit, journal,
# gone.rc, start.err, state. Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

units="$XDG_CONFIG_HOME/systemd/user"
record "$W/install.rc" "$BIN" install >"$W/install.out" 2>&1
cp "$units/dailyquote-notify.service" "$W/new.service"
# What an older install wrote stays after the package upgrade.
cp "$W/old.service" "$units/dailyquote-notify.service"
systemctl --user daemon-reload
show dailyquote-notify.service StartLimitIntervalUSec >"$W/old-limit"
record "$W/first.rc" systemctl --user start dailyquote-notify.service 2>>"$W/start.err"
record "$W/cmp" cmp -s "$W/new.service" "$units/dailyquote-notify.service"
show dailyquote-notify.service StartLimitIntervalUSec >"$W/new-limit"
journalctl --user -u dailyquote-notify.service -o cat >"$W/journal" 2>&1 || true
rm -f "$BIN"
record "$W/gone.rc" systemctl --user start dailyquote-notify.service 2>>"$W/start.err"
# A window for what must not happen: a failure shows at once, its restart 30 s later.
sleep 1
echo "$(show dailyquote-notify.service ConditionResult) $(show dailyquote-notify.service Result) $(show dailyquote-notify.service NRestarts)" >"$W/state"
