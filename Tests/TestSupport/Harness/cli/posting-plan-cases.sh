#!/usr/bin/env bash
# The posting plan's 16 cases on the mock server: GNOME's name unowned, then owned by a
# dbusmock impostor of org.gtk.Notifications (AddNotification answers InvalidApp without the
# desktop entry, as GNOME Shell does); without and with the desktop entry; with each of the
# configs $HOME/etc/{plain,nobuttons,nohold,nobuttons-nohold}.toml. For each case, the path
# status predicts and the path notify --now records.
# Environment: DQ, W, HOME (scenario.sh). Writes cases (one line a case: "gnome=… entry=…
# config=… predicted=… recorded=…"), out, err, adds-without-gnome, gnome-calls.txt,
# gnome-mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

desktop_entry="$HOME/.local/share/applications/io.github.dailyquote.DailyQuote.desktop"
start_gnome() {
  /usr/bin/python3 -m dbusmock --session org.gtk.Notifications /org/gtk/Notifications org.gtk.Notifications \
    >"$W/gnome-mock.log" 2>&1 &
  at_exit kill "$!"
  gnome_answers() {
    gdbus call --session -d org.gtk.Notifications -o /org/gtk/Notifications -m org.freedesktop.DBus.Introspectable.Introspect \
      >/dev/null 2>&1
  }
  wait_until 30 "the GNOME impostor" gnome_answers || true
  gdbus call --session -d org.gtk.Notifications -o /org/gtk/Notifications -m org.freedesktop.DBus.Mock.AddMethod \
    org.gtk.Notifications AddNotification 'ssa{sv}' '' \
    "import os, dbus
if not os.path.exists(os.environ['HOME'] + '/.local/share/applications/io.github.dailyquote.DailyQuote.desktop'):
    raise dbus.exceptions.DBusException('The app by ID could not be found', name='org.gtk.Notifications.Error.InvalidApp')" \
    >/dev/null
}

export XDG_DATA_DIRS="$W/no-data"
stdbuf -oL dbus-monitor --session "type='method_call',interface='org.gtk.Notifications'" >"$W/gnome-calls.txt" 2>/dev/null &
at_exit kill "$!"
wait_until 30 "dbus-monitor's start" grep -q NameLost "$W/gnome-calls.txt" || true
n=0
for gnome in no yes; do
  if [ "$gnome" = yes ]; then
    grep -c 'member=AddNotification' "$W/gnome-calls.txt" >"$W/adds-without-gnome" || true
    start_gnome
  fi
  for entry in no yes; do
    if [ "$entry" = yes ]; then
      mkdir -p "$(dirname "$desktop_entry")"
      printf '[Desktop Entry]\nName=dailyquote\n' >"$desktop_entry"
    else
      rm -f "$desktop_entry"
    fi
    for config in plain nobuttons nohold nobuttons-nohold; do
      n=$((n + 1))
      case="gnome=$gnome entry=$entry config=$config"
      predicted=$("$DQ" status --json --config "$HOME/etc/$config.toml" 2>>"$W/err" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["posting"]["path"])' || true)
      "$DQ" notify --now --config "$HOME/etc/$config.toml" >>"$W/out" 2>>"$W/err" || true
      recorded=$("$DQ" history --json 2>>"$W/err" |
        python3 -c 'import json, sys; h = json.load(sys.stdin); print(h[-1].get("path") if len(h) == int(sys.argv[1]) else "missing")' "$n" || true)
      echo "$case predicted=$predicted recorded=$recorded" >>"$W/cases"
    done
  done
done
