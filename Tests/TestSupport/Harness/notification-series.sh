#!/usr/bin/env bash
# A daily user's series on one notification server, run inside with-notification-server.sh:
#   with-notification-server.sh --server NAME Tests/TestSupport/Harness/notification-series.sh
# (the end-to-end suite's "series" test, NotificationServerMatrixTests+Series.swift).
#
# 1. `dailyquote notify --now` posts the first quote ($SERIES_FIRST in the cache);
# 2. the first popup goes as the server makes it go, waited for as a condition:
#    - dunst, xfce4-notifyd, mate-notification-daemon, lxqt-notificationd, budgie: it expires and
#      the server sends NotificationClosed;
#    - cinnamon: its banner moves to the notifications applet (read through org.Cinnamon.Eval);
#    - plasma, swaync: the popup expires without a signal: the screen is back to what it was
#      before the post (within a clock's change, or nearer that screenshot than the one with the
#      popup). Plasma 5's accessibility tree was tried instead and found unreliable: in about
#      half the starts plasmashell (Qt 5.15) connected to the accessibility bus but exported no
#      tree;
#    - gnome (43): a banner stays while the user is idle (headless, always): the pointer moves
#      (Mutter's RemoteDesktop, Tests/TestSupport/Harness/gnome48/virtual-input), and the banner then goes
#      to the tray, seen on screen as above;
#    - mako, notification-daemon: a popup never expires; the next post comes while it is shown;
# 3. a due `notify` delivers the next quote ($SERIES_SECOND in the cache);
# 4. the second quote must be shown: the screen changes from the one before the second post and
#    differs from the one before the first (a popup drawn), then the server's read-back holds it
#    (dunst: a displayed notification, then its history; xfce4-notifyd: its log; lxqt: its list
#    of expired ones; mako: makoctl; cinnamon, budgie: desktop_notifications.py; gnome: the tray
#    through Tests/TestSupport/Harness/gnome43-tray-extension, NOTIFICATION_SERVER_GNOME_EXTENSION).
#
# Needs DQ (the binary), W (a work directory), CONFIG, PROBE (notify_probe.py), SERIES_FIRST,
# SERIES_SECOND and SERIES_AUTHOR. Writes to $W: now.{out,err,rc} and due.{out,err,rc}; `waits`,
# one line per condition: "NAME SECONDS EVIDENCE" or "NAME timeout EVIDENCE"; before.png,
# first.png, between.png, second.png; gone.pixels (the last "gone" test: pixels that differ
# from before.png and from first.png); second.pixels ("NEW SINCE-BEFORE": pixels that differ
# from between.png and from before.png); readback.jsonl (the server's read-back once it held the
# second quote, or its last one) and readback.err; calls.json (the Notify calls) and monitor.txt.
# Every wait has a deadline generous for a loaded 2-core machine; none is a fixed sleep. The
# waits come from lib.sh (the harnesses' shell library); the screenshots are single captures
# (screenshot --now), since this script waits for the screen to settle itself (stable).
set -u
: "${DQ:?}" "${W:?}" "${CONFIG:?}" "${PROBE:?}" "${SERIES_FIRST:?}" "${SERIES_SECOND:?}" "${SERIES_AUTHOR:?}"
: "${SERVER_NAME:?run inside with-notification-server.sh}" "${NOTIFICATION_SERVER:?}"
exec 2>>"$W/script.err"
here=$(cd "$(dirname "$0")" && pwd)
HARNESS_NAME=notification-series
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/lib.sh"

# Calls to the well-known name only (GNOME's proxy forwards each to the shell's unique name).
stdbuf -oL dbus-monitor --session "type='method_call',destination='org.freedesktop.Notifications',interface='org.freedesktop.Notifications'" \
  "type='signal',interface='org.freedesktop.Notifications'" >"$W/monitor.txt" 2>/dev/null &
monitor=$!
# It listens once it has said so (its first signal, the NameLost of its unique name).
wait_alive "$monitor" 30 "dbus-monitor to listen" grep -q NameLost "$W/monitor.txt" || true

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# Records a condition met (SECONDS) or not (timeout), with its evidence.
record() { echo "$1 $2 ${3:-}" >>"$W/waits"; }
# A screenshot $W/NAME.png. Tried again when it fails: xwd fails with BadDrawable when a
# window goes while it reads the screen (Budgie's popup, as it closes).
shot() {
  local try
  for try in 1 2 3 4 5; do
    rm -f "$W/$1.png"
    "$NOTIFICATION_SERVER" screenshot --now "$W/$1.png" 2>>"$W/screenshot.err" && [ -s "$W/$1.png" ] && return 0
    echo "screenshot $1: try $try failed" >>"$W/screenshot.err"
  done
  return 1
}
# Pixels that differ between two screenshots (a popup is thousands; a panel's clock, tens).
# A comparison that fails (a file missing) counts as -1: never "unchanged", never "drawn".
pixels() { compare -metric AE "$W/$1.png" "$W/$2.png" null: 2>&1 | awk 'NR == 1 && $1 ~ /^[0-9.e+]+$/ { n = $1 } END { printf "%d", (n == "" ? -1 : n + 0) }'; }
# A screenshot NAME once the screen has stopped changing: SHOTS in a row (default 2) within 200
# pixels of each other (a desktop still drawing itself on a loaded machine can look still for
# one pair). After 30 s, the last one, and a failure.
stable() {
  local until still=1 changed
  until=$(($(date +%s) + 30))
  shot "$1.prev" || return 1
  while [ "$(date +%s)" -lt "$until" ]; do
    shot "$1" || return 1
    changed=$(pixels "$1.prev" "$1")
    if [ "$changed" -ge 0 ] && [ "$changed" -le 200 ]; then
      still=$((still + 1))
      [ "$still" -ge "${2:-2}" ] && return 0
    else
      still=1
    fi
    mv "$W/$1.png" "$W/$1.prev.png"
  done
  mv "$W/$1.prev.png" "$W/$1.png"
  return 1
}
# The cached quote `notify` delivers next, fetched now.
cache() {
  python3 -c 'import json, sys, time; json.dump({"text": sys.argv[1], "author": sys.argv[2], "source": "test", "fetchedAt": int(time.time())}, open(sys.argv[3], "w"))' \
    "$1" "$SERIES_AUTHOR" "$XDG_CACHE_HOME/dailyquote/quote.json"
}
closed() { [ "$(grep -c 'member=NotificationClosed' "$W/monitor.txt")" -ge 1 ]; }
displayed() { [ "$(dunstctl count displayed 2>/dev/null)" -ge 1 ] 2>/dev/null; }
# Whether the server's read-back holds a notification whose shown text is $1 (the read-back is
# left in readback.jsonl).
held() {
  "$NOTIFICATION_SERVER" readback >"$W/readback.jsonl" 2>>"$W/readback.err" || return 1
  python3 -c '
import json, sys
want = sys.argv[1]
for line in open(sys.argv[2]):
    entry = json.loads(line)
    if entry.get("text") == want and entry.get("summary") == "Quote of the Day":
        sys.exit(0)
sys.exit(1)' "$1" "$W/readback.jsonl"
}
# GNOME's tray, through the test extension: whether it holds a notification whose body (markup,
# as sent) reads $1.
in_tray() {
  gdbus call --session -d org.dailyquote.TestTray -o /org/dailyquote/TestTray -m org.dailyquote.TestTray.Dump "$W/tray.json" >/dev/null || return 1
  python3 -c '
import html, json, sys
want = sys.argv[1]
lines = []
for source in json.load(open(sys.argv[2]))["sources"]:
    for n in source["notifications"]:
        lines.append(json.dumps({"summary": n["title"], "body": n["body"], "text": html.unescape(n["body"] or ""), "source": "GNOME tray"}, ensure_ascii=False))
open(sys.argv[3], "w").write("".join(l + "\n" for l in lines))
sys.exit(0 if any(json.loads(l)["text"] == want and json.loads(l)["summary"] == "Quote of the Day" for l in lines) else 1)' \
    "$1" "$W/tray.json" "$W/readback.jsonl"
}
# Cinnamon: whether the notification showing $1 has moved to the applet (its banner gone).
in_applet() {
  held "$1" && python3 -c '
import json, sys
sys.exit(0 if any(json.loads(l).get("text") == sys.argv[1] and json.loads(l).get("where") == "applet" for l in open(sys.argv[2])) else 1)' "$1" "$W/readback.jsonl"
}
# Polls CMD until it succeeds or SECONDS pass; records NAME with how long it took.
wait_for() {
  local name=$1 seconds=$2 evidence=$3 t0
  shift 3
  t0=$(now)
  if wait_until "$seconds" "$name ($evidence)" "$@"; then
    record "$name" "$(since "$t0")" "$evidence"
    return 0
  fi
  record "$name" timeout "$evidence"
  return 1
}
popup_drawn() { shot "$1" && [ "$(pixels before "$1")" -gt 500 ]; }
# The popup has gone: the screen is back to before.png (within a clock's change), or nearer to
# it than to first.png (GNOME draws the pointer once it has moved). On a loaded machine a popup
# drawn late may have gone before first.png was taken: the first test then holds.
popup_gone() {
  shot gone || return 1
  local to_before to_first
  to_before=$(pixels before gone) to_first=$(pixels first gone)
  echo "$to_before $to_first" >"$W/gone.pixels"
  [ "$to_before" -ge 0 ] && { [ "$to_before" -le 200 ] || [ "$to_before" -lt "$to_first" ]; }
}
second_drawn() {
  shot second || return 1
  echo "$(pixels between second) $(pixels before second)" >"$W/second.pixels"
  read -r new since_before <"$W/second.pixels"
  [ "$new" -gt 500 ] && [ "$since_before" -gt 500 ]
}

first="$SERIES_FIRST"$'\n'"— $SERIES_AUTHOR"
second="$SERIES_SECOND"$'\n'"— $SERIES_AUTHOR"

stable before 3 || record before unstable "the screen kept changing for 30 s"
cache "$SERIES_FIRST"
"$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>"$W/now.err"
echo $? >"$W/now.rc"
wait_for first-shown 30 "screenshot: a popup drawn" popup_drawn first
# The popup as drawn once it has stopped moving (it may fade or slide in).
stable first || record first unstable "the screen kept changing for 30 s"

case "$SERVER_NAME" in
dunst | xfce4-notifyd | mate-notification-daemon | lxqt-notificationd | budgie)
  wait_for first-expired 40 "NotificationClosed" closed ;;
cinnamon)
  wait_for first-expired 40 "org.Cinnamon.Eval: moved to the applet" in_applet "$first" ;;
plasma | swaync)
  wait_for first-expired 40 "screenshot: the popup gone" popup_gone ;;
gnome)
  # The user comes back: a pointer that moves makes the banner time out, as on a desktop.
  /usr/bin/python3 "$here/gnome48/virtual-input" 60 >"$W/virtual-input.log" 2>&1 &
  wait_for first-expired 40 "pointer moved (virtual-input), screenshot: the banner gone" popup_gone ;;
*)
  record first-expired never "$SERVER_NAME never expires a popup: the next post comes while it is shown" ;;
esac
stable between || record between unstable "the screen kept changing for 30 s"

cache "$SERIES_SECOND"
"$DQ" notify --config "$CONFIG" >"$W/due.out" 2>"$W/due.err"
echo $? >"$W/due.rc"
wait_for second-shown 30 "screenshot: changed since the post, and a popup drawn" second_drawn

case "$SERVER_NAME" in
dunst)
  wait_for second-displayed 20 "dunstctl count displayed" displayed
  wait_for second-held 20 "dunstctl history" held "$second" ;;
xfce4-notifyd | mako | cinnamon | budgie)
  wait_for second-held 20 "the server's read-back" held "$second" ;;
lxqt-notificationd)
  # Its list holds notifications that expired unattended (3 s here).
  wait_for second-held 20 "unattended.list, once it expired" held "$second" ;;
gnome)
  wait_for second-held 20 "GNOME's tray (test extension)" in_tray "$second" ;;
*)
  record second-held none "$SERVER_NAME: screenshots only" ;;
esac

kill "$monitor" 2>/dev/null
python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
exit 0
