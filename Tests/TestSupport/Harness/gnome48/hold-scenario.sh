#!/bin/bash
# One scenario of `scripts/gnome48 check-hold`, run inside `scripts/gnome48 run` (as the
# session's user, with no desktop entry of dailyquote's installed: `notify` falls back from GNOME's
# own interface to the freedesktop path with its holder, which these scenarios check):
#   hold-scenario.sh holder|no-holder|replace|control
#   holder     built-in defaults: `dailyquote notify --now` leaves a holder; after the wait the
#              quote must still be in the tray; then a dismissal (reason 2, as a person's) must
#              end the holder and the history must say `dismissed`
#   no-holder  the same with notification.hold = "0": what every release before the holder did
#   replace    two `notify --now` with different quotes: after the wait only the second is in
#              the tray, and the history says the first was `replaced`
#   control    `notify-send -a dq-control-app`: an app name that matches no .desktop file
#   bus-dies   the session bus dies under a holder: the holder must end, and the history must
#              still hold exactly one line (no second post)
#   exact-text a quote with <, >, &, quotes, an apostrophe, an emoji and a right-to-left run:
#              the text GNOME's label shows (the tray's shownBody) must start with it exactly
# It prints the evidence (tray, event log, the bus's Notify/NotificationClosed traffic) and ends
# with one line `RESULT <scenario> PASS|FAIL <why>`. Exit status 0 on PASS, 1 on FAIL.
set -euo pipefail

scenario=${1:?usage: hold-scenario.sh holder|no-holder|replace|control|exact-text|bus-dies}
wait_s=${GNOME48_WAIT:-10}
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME/dailyquote"

# The cached quote `notify` delivers, fetched now (no network needed).
cache_quote() {
  python3 - "$1" "$XDG_CACHE_HOME/dailyquote/quote.json" <<'PY'
import json, sys, time
json.dump({"text": sys.argv[1], "author": "GNOME 48 check", "source": "file", "fetchedAt": int(time.time())},
          open(sys.argv[2], "w"))
PY
}

# Whether the tray holds a notification whose body starts with $1; prints yes or no.
in_tray() {
  tray | python3 -c '
import json, sys
tray = json.load(sys.stdin)
found = any(n["body"] and n["body"].startswith(sys.argv[1]) for s in tray["sources"] for n in s["notifications"])
print("yes" if found else "no")' "$1"
}

# The PID of this session's holder, from its marker ($XDG_STATE_HOME/dailyquote/hold.json),
# when that process runs with this session's HOME; nothing otherwise. (/proc is the host's:
# a name match could find someone else's process.)
holder_pid() {
  local pid
  pid=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["pid"])' \
    "$XDG_STATE_HOME/dailyquote/hold.json" 2>/dev/null) || return 0
  tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "HOME=$HOME" && echo "$pid"
  return 0
}

evidence() {
  echo "--- tray ($1)"
  tray | python3 -c 'import json, sys; t = json.load(sys.stdin); print(json.dumps(t["sources"], ensure_ascii=False, indent=1))'
  echo "--- tray events (t relative to the first; reason as GNOME names it)"
  tray --events | python3 -c '
import json, sys
events = [json.loads(line) for line in sys.stdin]
t0 = events[0]["t"] if events else 0
for e in events:
    print("%+8.3fs %-22s %-10s %-34s %s" % (e["t"] - t0, e["event"], e["source"], (e["body"] or e["title"] or "").replace("\n", " / ")[:34], e["reason"] or ""))'
  echo "--- org.freedesktop.Notifications traffic (dbus-monitor)"
  grep -E 'member=(Notify|NotificationClosed|CloseNotification)' "$GNOME48_LOGS/monitor.txt" | sed -E 's/ serial=[0-9]+//; s/^/  /' || true
  grep -A2 'member=NotificationClosed' "$GNOME48_LOGS/monitor.txt" | grep uint32 | sed 's/^ */  NotificationClosed args: /' || true
}

dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications'" \
  "type='signal',interface='org.freedesktop.Notifications'" >"$GNOME48_LOGS/monitor.txt" 2>&1 &
monitor=$!
sleep 0.3

verdict=FAIL why=""
case "$scenario" in
  holder | no-holder)
    [ "$scenario" = no-holder ] && printf '[notification]\nhold = "0"\n' >"$XDG_CONFIG_HOME/dailyquote/config.toml"
    text="A quote that should stay in the tray ($scenario)."
    cache_quote "$text"
    dailyquote notify --now
    sleep "$wait_s"
    evidence "${wait_s} s after notify exited"
    echo "--- dailyquote status (holding line)"
    dailyquote status 2>&1 | grep -E '^(holding|notifications):' || true
    if [ "$(in_tray "$text")" = yes ]; then
      verdict=PASS why="the quote is in the tray ${wait_s} s after notify exited"
    else
      why="the quote is not in the tray ${wait_s} s after notify exited"
    fi
    if [ "$scenario" = holder ] && [ $verdict = PASS ]; then
      echo "--- dismissing it as a person would (tray --dismiss)"
      holder=$(holder_pid)
      echo "holder: PID ${holder:-none}"
      tray --dismiss >/dev/null
      for _ in $(seq 100); do [ -n "$holder" ] && kill -0 "$holder" 2>/dev/null || break; sleep 0.05; done
      echo "--- dailyquote history --json, 1 s after"
      sleep 1
      dailyquote history --json --limit 1 | tee "$GNOME48_LOGS/history.json"
      if [ -z "$holder" ]; then
        verdict=FAIL why="kept ${wait_s} s, but no holder was found to watch"
      elif kill -0 "$holder" 2>/dev/null; then
        verdict=FAIL why="the holder still runs after the dismissal"
      elif ! grep -q '"closedReason" *: *"dismissed"' "$GNOME48_LOGS/history.json"; then
        verdict=FAIL why="kept ${wait_s} s, but the history does not say dismissed"
      else
        why="$why; dismissed: the holder ended and the history says dismissed"
      fi
    fi
    ;;
  replace)
    first="The first quote, to be replaced."
    second="The second quote, which replaces the first."
    cache_quote "$first"
    dailyquote notify --now
    sleep 2
    cache_quote "$second"
    dailyquote notify --now
    sleep "$wait_s"
    evidence "${wait_s} s after the second notify exited"
    echo "--- dailyquote history --json"
    dailyquote history --json --limit 2 | tee "$GNOME48_LOGS/history.json"
    if [ "$(in_tray "$second")" != yes ]; then
      why="the second quote is not in the tray ${wait_s} s after notify exited"
    elif [ "$(in_tray "$first")" = yes ]; then
      why="the first quote is still in the tray"
    elif ! grep -q '"closedReason" *: *"replaced"' "$GNOME48_LOGS/history.json"; then
      why="the history does not say the first was replaced"
    else
      verdict=PASS why="only the second quote is in the tray ${wait_s} s later; the first is recorded as replaced"
    fi
    ;;
  bus-dies)
    text="A quote whose bus dies."
    cache_quote "$text"
    dailyquote notify --now
    holder=$(holder_pid)
    echo "holder: PID ${holder:-none}; stopping the session bus (PID $GNOME48_SESSION_BUS_PID)"
    sleep 1
    kill "$GNOME48_SESSION_BUS_PID"
    for _ in $(seq 100); do [ -n "$holder" ] && kill -0 "$holder" 2>/dev/null || break; sleep 0.05; done
    lines=$(wc -l <"$XDG_STATE_HOME/dailyquote/history.jsonl")
    echo "--- history.jsonl: $lines line(s)"
    if [ -z "$holder" ]; then
      why="no holder was left"
    elif kill -0 "$holder" 2>/dev/null; then
      why="the holder still runs 5 s after its bus died"
    elif [ "$lines" != 1 ]; then
      why="the history has $lines lines"
    else
      verdict=PASS why="the holder ended when its bus died; one history line"
    fi
    ;;
  exact-text)
    text="3 < 5 && 7 > 2 — \"quotes\" & 'marks' 🙂 שלום עולם"
    cache_quote "$text"
    # The shell's own "Screen Lock disabled" banner comes 0.1-1.5 s after start, and a later
    # banner waits behind it: let it come, and dismiss it, so that the screenshot shows ours.
    for _ in $(seq 50); do tray | grep -q '"System"' && break; sleep 0.1; done
    tray --dismiss >/dev/null
    dailyquote notify --now
    sleep 1
    # The banner is still up (headless GNOME never times it out): a picture for the docs.
    screenshot "$GNOME48_LOGS/screenshot.png" >/dev/null && echo "--- screenshot: screenshot.png in the results"
    evidence "1 s after notify exited"
    result=$(tray | python3 -c '
import json, sys
text = sys.argv[1]
bodies = [n for s in json.load(sys.stdin)["sources"] for n in s["notifications"] if n["title"] == "Quote of the Day"]
if not bodies:
    print("FAIL no dailyquote notification in the tray")
else:
    n = bodies[0]
    print("sent:  %s" % json.dumps(n["body"], ensure_ascii=False), file=sys.stderr)
    print("shown: %s" % json.dumps(n["shownBody"], ensure_ascii=False), file=sys.stderr)
    if n["shownBody"].startswith(text):
        print("PASS the label shows the quote exactly: " + json.dumps(n["shownBody"], ensure_ascii=False))
    else:
        print("FAIL the label shows " + json.dumps(n["shownBody"], ensure_ascii=False))' "$text")
    verdict=${result%% *} why=${result#* }
    ;;
  control)
    text="A control notification from an app with no .desktop file."
    notify-send -a dq-control-app "Control" "$text"
    sleep "$wait_s"
    evidence "${wait_s} s after notify-send exited"
    if [ "$(in_tray "$text")" = yes ]; then
      verdict=PASS why="the control is in the tray ${wait_s} s after notify-send exited"
    else
      why="the control is not in the tray ${wait_s} s after notify-send exited"
    fi
    ;;
  *) echo "unknown scenario $scenario" >&2; exit 2 ;;
esac
kill "$monitor" 2>/dev/null || true
echo "RESULT $scenario $verdict $why"
[ $verdict = PASS ]
