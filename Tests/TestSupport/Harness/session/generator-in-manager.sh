#!/usr/bin/env bash
# UserSessionTests.generatorInUserManager, run by with-user-session.sh with SYSTEMD_GENERATOR_PATH
# naming dailyquote's generator: timers with no install, config edits applied by the path unit,
# the two opt-outs, and install's units taking precedence.
# Environment: DQ, W (results go there), CONFIG_FILE (the user's config path; it does not exist yet).
# Results in $W: calendar0, state0, active0, fragment0, refresh0, path0, list0, status0.json,
# status0.txt, doctor0.txt, applied1 and applied2 ("yes" once an edit applied), calendar1,
# refresh2, disabled, active-disabled, path-fragment, list-disabled, reenabled,
# calendar-reenabled, masked, install.out, fragment3, calendar3. Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

# Until `show UNIT PROPERTY` contains TEXT, then until the watch's service has finished: a path
# unit does not trigger while the unit it starts is still running, so an edit in that fraction of
# a second would wait for the next one.
settle() {
  local status=0
  wait_until 30 "$1 $2 to show $3" shows "$@" || status=1
  wait_until 30 "dailyquote-config.service to finish" shows dailyquote-config.service ActiveState "^inactive" || status=1
  return "$status"
}

show dailyquote-notify.timer TimersCalendar >"$W/calendar0"
show dailyquote-notify.timer UnitFileState >"$W/state0"
show dailyquote-notify.timer ActiveState >"$W/active0"
show dailyquote-notify.timer FragmentPath >"$W/fragment0"
show dailyquote-refresh.timer ActiveState >"$W/refresh0"
show dailyquote-config.path ActiveState >"$W/path0"
systemctl --user list-timers --all --no-pager >"$W/list0"
"$DQ" status --json >"$W/status0.json" 2>/dev/null || true
"$DQ" status >"$W/status0.txt" 2>/dev/null || true
"$DQ" doctor --offline >"$W/doctor0.txt" 2>&1 || true

# The config appears (and its directory with it): the path unit reloads the manager.
mkdir -p "$(dirname "$CONFIG_FILE")"
printf '[delivery]\nhour = 6\nminute = 5\n' >"$CONFIG_FILE.new"
mv "$CONFIG_FILE.new" "$CONFIG_FILE"
if settle dailyquote-notify.timer TimersCalendar "06:05:00"; then echo yes >"$W/applied1"; fi
show dailyquote-notify.timer TimersCalendar >"$W/calendar1"
# Edited in place, as an editor without renames does.
printf '[delivery]\nhour = 7\nminute = 10\n' >"$CONFIG_FILE"
if settle dailyquote-notify.timer TimersCalendar "07:10:00"; then echo yes >"$W/applied2"; fi
show dailyquote-refresh.timer TimersCalendar >"$W/refresh2"

# Opt out: the units are gone after the automatic reload.
printf '[delivery]\nhour = 7\nminute = 10\nenabled = false\n' >"$CONFIG_FILE"
if settle dailyquote-notify.timer LoadState "not-found"; then echo yes >"$W/disabled"; fi
show dailyquote-notify.timer ActiveState >"$W/active-disabled"
show dailyquote-config.path FragmentPath >"$W/path-fragment"
systemctl --user list-timers --all --no-pager >"$W/list-disabled"
# On again: the package's static watch (the generator wrote none) applies it, and the timers
# run again at once.
printf '[delivery]\nhour = 7\nminute = 10\n' >"$CONFIG_FILE"
if settle dailyquote-notify.timer ActiveState "^active"; then echo yes >"$W/reenabled"; fi
show dailyquote-notify.timer TimersCalendar >"$W/calendar-reenabled"
# The other opt-out: masking wins over the generator's unit.
systemctl --user mask dailyquote-notify.timer >/dev/null 2>&1 || true
show dailyquote-notify.timer LoadState >"$W/masked"
systemctl --user unmask dailyquote-notify.timer >/dev/null 2>&1 || true

# install's units in ~/.config/systemd/user take precedence over the generator's.
printf '[delivery]\nhour = 9\nminute = 45\n' >"$W/own.toml"
"$DQ" install --no-enable --config "$W/own.toml" >"$W/install.out" 2>&1 || true
systemctl --user daemon-reload
show dailyquote-notify.timer FragmentPath >"$W/fragment3"
show dailyquote-notify.timer TimersCalendar >"$W/calendar3"
