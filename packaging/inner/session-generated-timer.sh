#!/usr/bin/env bash
# packaging/test-deb.sh's user-generator check (run inside with-user-session.sh, with the package
# installed): the notify timer the generator made at login, then the same after a config edit
# (waited for, up to 10 s), then `dailyquote install`.
# Environment: XDG_CONFIG_HOME (the config is written there).
# Output: "first: UNITFILESTATE ACTIVESTATE CALENDAR", "edited: CALENDAR", and "installed" if
# install succeeded.
show() { systemctl --user show dailyquote-notify.timer -p "$1" --value; }
echo "first: $(show UnitFileState) $(show ActiveState) $(show TimersCalendar)"
mkdir -p "$XDG_CONFIG_HOME/dailyquote"
printf "[delivery]\nhour = 6\nminute = 5\n" >"$XDG_CONFIG_HOME/dailyquote/config.toml"
for _ in $(seq 200); do show TimersCalendar | grep -q 06:05:00 && break; sleep 0.05; done
echo "edited: $(show TimersCalendar)"
dailyquote install >/dev/null 2>&1 && echo installed
