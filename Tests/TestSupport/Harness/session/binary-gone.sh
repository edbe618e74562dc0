#!/usr/bin/env bash
# UserSessionTests.binaryGoneUnderInstalledUnits, run by with-user-session.sh: the binary removed
# under install's units; its services are skipped by their condition, with no failure and no restart.
# Environment: BIN (a copy of the binary, which this removes), W (results go there).
# Results in $W: install.rc/.out, start.rc, start.err, state, watch. Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

# Whether the config watch's service has run since its condition was checked at $1 (monotonic
# microseconds) and has finished.
watch_ran_since() {
  [ "$(show dailyquote-config.service ConditionTimestampMonotonic)" != "$1" ] &&
    shows dailyquote-config.service ActiveState '^inactive$\|^failed$'
}

record "$W/install.rc" "$BIN" install >"$W/install.out" 2>&1
rm -f "$BIN"
for unit in dailyquote-notify.service dailyquote-refresh.service; do
  status=0
  systemctl --user start "$unit" 2>>"$W/start.err" || status=$?
  echo "$unit $status" >>"$W/start.rc"
done
# A window for what must not happen: a failure shows at once, its restart 30 s later.
sleep 1
for unit in dailyquote-notify.service dailyquote-refresh.service; do
  echo "$unit $(show $unit ConditionResult) $(show $unit ActiveState) $(show $unit Result) $(show $unit NRestarts)" >>"$W/state"
done
# A config edit: the watch of install would run the gone binary.
checked=$(show dailyquote-config.service ConditionTimestampMonotonic)
mkdir -p "$XDG_CONFIG_HOME/dailyquote"
printf '[delivery]\nhour = 9\n' >"$XDG_CONFIG_HOME/dailyquote/config.toml"
wait_until 30 "the config watch to run" watch_ran_since "$checked" || true
echo "$(show dailyquote-config.service ConditionResult) $(show dailyquote-config.service Result)" >"$W/watch"
