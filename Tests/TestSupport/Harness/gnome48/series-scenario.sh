#!/bin/bash
# One scenario of `scripts/gnome48 check-series`, run inside `scripts/gnome48 run` as the
# session's user: a daily user's series on GNOME Shell 48.
#   series-scenario.sh native|holder
#   native  with the files of dailyquote's application id installed (check-series installs them):
#           `notify` posts through GNOME's own interface, by a fixed id
#   holder  without the desktop entry: `notify` falls back to the freedesktop path and its holder
# Both: `notify --now` posts the first quote, whose banner is drawn; the pointer moves (a headless
# shell counts its user as idle, and keeps a banner up while the user is idle), and the banner
# goes, the quote staying in the tray; then a due `notify` delivers the next quote, which must
# be drawn (the screen changes from before that post, and differs from before the first) and be
# in the tray, alone there, with its exact text. Every wait is for a condition, with a deadline.
# Screens are compared by rows (screen-rows, from /src). Prints the evidence and ends with one line
# `RESULT <scenario> PASS|FAIL <why>`.
set -euo pipefail

scenario=${1:?usage: series-scenario.sh native|holder}
first="The first quote of the series"
second=$'The next day\'s quote: 3 < 5 & "so"'
author="GNOME 48 check"
L=$GNOME48_LOGS
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME/dailyquote"
# The next delivery was due a minute ago (the default buttons).
read -r hour minute < <(date -u -d '-1 min' '+%-H %-M')
printf '[delivery]\nhour = %s\nminute = %s\ntime_zone = "UTC"\ncatch_up = "3h"\n' "$hour" "$minute" >"$XDG_CONFIG_HOME/dailyquote/config.toml"

fail() { echo "RESULT $scenario FAIL $*"; exit 1; }
cache() {
  python3 - "$1" "$author" "$XDG_CACHE_HOME/dailyquote/quote.json" <<'PY'
import json, sys, time
json.dump({"text": sys.argv[1], "author": sys.argv[2], "source": "file", "fetchedAt": int(time.time())}, open(sys.argv[3], "w"))
PY
}
# The dailyquote notifications in the tray, one JSON object a line (the body as GNOME shows it).
ours_in_tray() {
  tray | python3 -c '
import json, sys
for s in json.load(sys.stdin)["sources"]:
    for n in s["notifications"]:
        if n["title"] == "Quote of the Day":
            print(json.dumps({"appId": s["appId"], "shownBody": n["shownBody"], "acknowledged": n["acknowledged"]}, ensure_ascii=False))'
}
# The tray holds exactly one dailyquote notification, showing $1 (newlines shown as spaces).
only_in_tray() {
  ours_in_tray | python3 -c '
import json, sys
found = [json.loads(l) for l in sys.stdin]
sys.exit(0 if len(found) == 1 and found[0]["shownBody"] == sys.argv[1].replace("\n", " ") else 1)' "$1"
}
shot() { screenshot "$L/$1.png" >/dev/null 2>>"$L/screenshot.err"; }
rows() { /src/Tests/TestSupport/Harness/gnome48/screen-rows "$L/$1.png" "$L/$2.png" 2>>"$L/screenshot.err" || echo -1; }
stable() { # NAME: a screenshot once two in a row are the same (15 s at most)
  local until=$(($(date +%s) + 15))
  shot "$1.prev" || return 1
  while [ "$(date +%s)" -lt "$until" ]; do
    shot "$1" || return 1
    [ "$(rows "$1.prev" "$1")" = 0 ] && return 0
    mv "$L/$1.png" "$L/$1.prev.png"
  done
  return 1
}
t_start=$(date +%s.%N)
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
wait_for() { # NAME SECONDS CMD...: polls CMD until it succeeds; prints how long it took
  local name=$1 t0 until
  t0=$(date +%s.%N)
  until=$(($(date +%s) + $2))
  shift 2
  while [ "$(date +%s)" -lt "$until" ]; do
    if "$@"; then echo "--- $name after $(since "$t0") s"; return 0; fi
    sleep 0.2
  done
  echo "--- $name: not within $((until - ${t0%.*})) s"
  return 1
}
first_drawn() { shot first && [ "$(rows before first)" -gt 40 ]; }
banner_gone() { shot gone && [ "$(rows before gone)" -ge 0 ] && [ "$(rows before gone)" -lt "$(rows first gone)" ]; }
second_drawn() {
  shot second || return 1
  echo "$(rows between second) $(rows before second)" >"$L/second.rows"
  local new since_before
  read -r new since_before <"$L/second.rows"
  [ "$new" -gt 40 ] && [ "$since_before" -gt 40 ]
}

# Calls to the well-known name only (the proxy forwards each to the shell's unique name).
dbus-monitor --session "type='method_call',destination='org.freedesktop.Notifications',interface='org.freedesktop.Notifications'" \
  "type='signal',interface='org.freedesktop.Notifications'" "type='method_call',interface='org.gtk.Notifications'" >"$L/monitor.txt" 2>&1 &
monitor=$!
# The shell's own "System" banner comes first and a later banner waits behind it: dismissed.
for _ in $(seq 50); do tray | grep -q '"System"' && break; sleep 0.1; done
tray --dismiss >/dev/null
stable before || fail "the screen kept changing before the first post"

cache "$first"
dailyquote notify --now >"$L/now.out" 2>"$L/now.err" || fail "notify --now failed: $(cat "$L/now.err")"
echo "--- notify --now: $(cat "$L/now.out") $(cat "$L/now.err")"
wait_for "the first banner drawn" 20 first_drawn || fail "the first quote's banner was not drawn ($(rows before first) rows changed)"
stable first || fail "the screen kept changing with the first banner up"
only_in_tray "$first"$'\n'"— $author" || fail "the tray does not hold the first quote: $(ours_in_tray)"

# The user comes back: the pointer moves, and the banner times out as on a desktop.
virtual-input 120 >"$L/virtual-input.log" 2>&1 &
wait_for "the first banner gone (the pointer moved)" 40 banner_gone || fail "the first banner did not go"
echo "--- tray with the first banner gone"; ours_in_tray
stable between || fail "the screen kept changing after the first banner went"

cache "$second"
dailyquote notify >"$L/due.out" 2>"$L/due.err" || fail "the due notify failed: $(cat "$L/due.err")"
echo "--- due notify: $(cat "$L/due.out") $(cat "$L/due.err")"
grep -q "^posted \"The next day's quote" "$L/due.out" || fail "the due notify did not post the next quote: $(cat "$L/due.out")"
drawn=yes held=yes
wait_for "the second banner drawn" 20 second_drawn || drawn=no
wait_for "the tray holds the second quote alone" 20 only_in_tray "$second"$'\n'"— $author" || held=no
echo "--- tray"; ours_in_tray
echo "--- rows changed (since the screen before the second post, since the one before the first): $(cat "$L/second.rows")"
kill "$monitor" 2>/dev/null || true
echo "--- calls (org.freedesktop.Notifications, org.gtk.Notifications)"
grep -E 'member=(Notify|CloseNotification|NotificationClosed|AddNotification|RemoveNotification)' "$L/monitor.txt" | sed -E 's/.*member=/  /' || true
echo "--- in $(since "$t_start") s"
[ $drawn = yes ] || fail "the next delivery's quote drew no banner after the first banner had gone"
[ $held = yes ] || fail "the tray does not hold the next quote alone: $(ours_in_tray)"
echo "RESULT $scenario PASS after the first banner went, the next delivery's quote drew a banner and is alone in the tray with its exact text"
