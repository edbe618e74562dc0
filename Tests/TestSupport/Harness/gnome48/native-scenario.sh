#!/bin/bash
# One scenario of `scripts/gnome48 check-native`, run inside `scripts/gnome48 run` as the
# session's user, with the files of dailyquote's application id installed as the package installs
# them (packaging/stage-app.sh under /usr/local; the session bus sees /usr/local/share/dbus-1/services):
#   native-scenario.sh native|buttons|restart|fallback
#   native    `notify --now` exits 0 and no warning; 10 s later the quote is in the tray with its
#             exact text (`3 < 5 && "quotes" & 'marks'`), its buttons, and no dailyquote process of
#             this user is alive
#   buttons   Save pressed through the shell writes the favourite; Copy leaves the exact text on
#             the clipboard (read back with wl-paste after the action service has exited); Another
#             replaces the quote in place (one entry, another text); the service then exits
#   restart   gnome-shell is killed (SIGKILL) and started again: the quote is back in the tray
#             with its buttons, and Save pressed then still works
#   fallback  (run without the desktop entry) notify says why once and falls back to the
#             freedesktop path with a holder: the quote is still in the tray 10 s later
#   bench     (not a check) `notify --now` with the default buttons against `notify-send` posting
#             the same title and body: BENCH_PAIRS pairs (default 20), alternating which goes
#             first; prints each median and the ratio
# Prints the evidence and ends with one line `RESULT <scenario> PASS|FAIL <why>`.
set -euo pipefail

scenario=${1:?usage: native-scenario.sh native|buttons|restart|fallback}
wait_s=${GNOME48_WAIT:-10}
text=$'3 < 5 && "quotes" & \'marks\''
author="GNOME 48 check"
body="$text"$'\n'"— $author"
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME/dailyquote"
printf '[notification]\nactions = ["copy", "save", "another"]\n' >"$XDG_CONFIG_HOME/dailyquote/config.toml"
python3 - "$text" "$author" "$XDG_CACHE_HOME/dailyquote/quote.json" <<'PY'
import json, sys, time
json.dump({"text": sys.argv[1], "author": sys.argv[2], "source": "file", "fetchedAt": int(time.time()) - 60}, open(sys.argv[3], "w"))
PY

# PIDs of this session's dailyquote processes (/proc is the host's: match this session's HOME).
ours() {
  local p
  for p in /proc/[0-9]*; do
    tr '\0' ' ' 2>/dev/null <"$p/cmdline" | grep -q dailyquote || continue
    tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "HOME=$HOME" && echo "${p#/proc/} $(tr '\0' ' ' <"$p/cmdline")"
  done
  return 0
}
# The dailyquote notifications in the tray, one JSON object a line: body, buttons.
ours_in_tray() {
  tray | python3 -c '
import json, sys
for s in json.load(sys.stdin)["sources"]:
    for n in s["notifications"]:
        if n["title"] == "Quote of the Day":
            print(json.dumps({"appId": s["appId"], "body": n["body"], "buttons": n.get("buttons", [])}, ensure_ascii=False))'
}
expect_body() { # the one notification's body is $1
  ours_in_tray | python3 -c '
import json, sys
found = [json.loads(l) for l in sys.stdin]
sys.exit(0 if len(found) == 1 and found[0]["body"] == sys.argv[1] else 1)' "$1"
}
wait_idle() { for _ in $(seq 200); do [ -z "$(ours)" ] && return 0; sleep 0.1; done; return 1; }
post() { dailyquote notify --now >>"$GNOME48_LOGS/notify.out" 2>"$GNOME48_LOGS/notify.err"; }
fail() { echo "RESULT $scenario FAIL $*"; exit 1; }

case "$scenario" in
  native)
    t0=$(date +%s%N)
    post || fail "notify --now failed: $(cat "$GNOME48_LOGS/notify.err")"
    echo "notify --now took $(( ($(date +%s%N) - t0) / 1000000 )) ms; stderr: $(cat "$GNOME48_LOGS/notify.err")"
    grep -q warning "$GNOME48_LOGS/notify.err" && fail "notify warned: $(cat "$GNOME48_LOGS/notify.err")"
    sleep 1
    # The banner is still up (headless GNOME never times it out while idle): a picture for the docs.
    screenshot "$GNOME48_LOGS/screenshot.png" >/dev/null 2>&1 && echo "--- screenshot: screenshot.png in the results"
    sleep "$((wait_s - 1))"
    echo "--- tray ${wait_s} s after notify exited"; ours_in_tray
    echo "--- dailyquote processes of this user"; ours
    [ -n "$(ours)" ] && fail "a dailyquote process is still alive: $(ours)"
    expect_body "$body" || fail "the tray does not hold exactly the quote: $(ours_in_tray)"
    ours_in_tray | grep -q '"buttons": \["Copy", "Save", "Another quote"\]' || fail "the buttons are not Copy, Save, Another: $(ours_in_tray)"
    dailyquote status 2>&1 | grep '^posting:' || true
    echo "RESULT native PASS the exact quote and its buttons are in the tray ${wait_s} s later; no dailyquote process is left"
    ;;
  buttons)
    post || fail "notify --now failed"
    sleep 1
    tray --press Save
    for _ in $(seq 50); do [ -s "$XDG_DATA_HOME/dailyquote/favorites.jsonl" ] && break; sleep 0.1; done
    echo "--- favorites.jsonl"; cat "$XDG_DATA_HOME/dailyquote/favorites.jsonl" || true
    python3 -c '
import json, sys
f = [json.loads(l) for l in open(sys.argv[1])]
sys.exit(0 if len(f) == 1 and f[0]["text"] == sys.argv[2] else 1)' "$XDG_DATA_HOME/dailyquote/favorites.jsonl" "$text" || fail "Save did not write the favourite"
    wait_idle || fail "the action service did not exit: $(ours)"
    # A seat without a keyboard has no clipboard (wl-copy: "This seat has no keyboard").
    virtual-input 60 >"$GNOME48_LOGS/virtual-input.log" 2>&1 &
    for _ in $(seq 50); do grep -q ready "$GNOME48_LOGS/virtual-input.log" && break; sleep 0.1; done
    post || fail "notify --now failed"
    sleep 1
    tray --press Copy
    sleep 1
    wait_idle || fail "the action service did not exit after Copy: $(ours)"
    sleep 0.5
    clip=$(tray --clipboard)
    echo "--- the clipboard after the service exited: $(printf '%q' "$clip")"
    [ "$clip" = '“'"$text"'”'" — $author" ] || fail "the clipboard holds $(printf '%q' "$clip")"
    post || fail "notify --now failed"
    sleep 1
    tray --press "Another quote"
    for _ in $(seq 50); do [ "$(ours_in_tray | wc -l)" = 1 ] && ! expect_body "$body" && break; sleep 0.1; done
    echo "--- tray after Another"; ours_in_tray
    [ "$(ours_in_tray | wc -l)" = 1 ] || fail "Another left $(ours_in_tray | wc -l) entries"
    expect_body "$body" && fail "Another did not replace the quote"
    wait_idle || fail "the action service did not exit after Another: $(ours)"
    echo "--- history"; dailyquote history --json --limit 4 | tee "$GNOME48_LOGS/history.json"
    grep -q '"another" *: *true' "$GNOME48_LOGS/history.json" || fail "no Another entry in the history"
    grep -q '"closedReason"' "$GNOME48_LOGS/history.json" && fail "the history invents a closedReason"
    echo "RESULT buttons PASS Save wrote the favourite, Copy left the exact text on the clipboard, Another replaced the quote in place; the service exited each time"
    ;;
  restart)
    post || fail "notify --now failed"
    sleep 2
    echo "--- restarting gnome-shell (SIGKILL)"
    "$GNOME48_RESTART_SHELL" || fail "gnome-shell did not come back"
    for _ in $(seq 50); do [ -n "$(ours_in_tray)" ] && break; sleep 0.1; done
    echo "--- tray after the restart"; ours_in_tray
    expect_body "$body" || fail "the quote is not back after the restart: $(ours_in_tray)"
    ours_in_tray | grep -q '"Save"' || fail "the buttons are not back"
    tray --press Save
    for _ in $(seq 50); do [ -s "$XDG_DATA_HOME/dailyquote/favorites.jsonl" ] && break; sleep 0.1; done
    [ -s "$XDG_DATA_HOME/dailyquote/favorites.jsonl" ] || fail "Save after the restart wrote nothing"
    screenshot "$GNOME48_LOGS/screenshot.png" >/dev/null 2>&1 || true
    echo "RESULT restart PASS the quote and its buttons are back after gnome-shell was killed and restarted; Save still works"
    ;;
  fallback)
    post || fail "notify --now failed: $(cat "$GNOME48_LOGS/notify.err")"
    echo "--- notify's standard error"; cat "$GNOME48_LOGS/notify.err"
    [ "$(grep -c warning "$GNOME48_LOGS/notify.err")" = 1 ] || fail "not one warning"
    grep -q 'no desktop entry io.github.dailyquote.DailyQuote.desktop' "$GNOME48_LOGS/notify.err" || fail "the warning does not say why"
    sleep "$wait_s"
    echo "--- tray ${wait_s} s later"; ours_in_tray
    echo "--- dailyquote processes"; ours
    ours | grep -q ' hold' || fail "no holder"
    [ "$(ours_in_tray | wc -l)" = 1 ] || fail "the quote is not in the tray"
    echo "RESULT fallback PASS without the desktop entry notify says why once, a holder keeps the quote, and it stays"
    ;;
  bench)
    rm -f "$XDG_CONFIG_HOME/dailyquote/config.toml"  # the default buttons (Copy, Save)
    ms() { local t0; t0=$(date +%s%N); "$@" >/dev/null 2>&1; echo $(( ($(date +%s%N) - t0) / 1000 )); }
    for _ in 1 2 3; do dailyquote notify --now >/dev/null 2>&1; notify-send "Quote of the Day" "$body"; done  # warm-up
    : >"$GNOME48_LOGS/bench.txt"
    for i in $(seq "${BENCH_PAIRS:-20}"); do
      if [ $((i % 2)) = 0 ]; then
        a=$(ms dailyquote notify --now); b=$(ms notify-send "Quote of the Day" "$body")
      else
        b=$(ms notify-send "Quote of the Day" "$body"); a=$(ms dailyquote notify --now)
      fi
      echo "$a $b" >>"$GNOME48_LOGS/bench.txt"
    done
    grep -q warning "$GNOME48_LOGS/notify.err" 2>/dev/null && fail "notify warned"
    dailyquote history --json --limit 1 | grep -q '"path" *: *"gnome"' || fail "notify did not take the GNOME path"
    python3 - "$GNOME48_LOGS/bench.txt" <<'PY'
import statistics, sys
pairs = [tuple(int(x) for x in line.split()) for line in open(sys.argv[1])]
a = statistics.median(p[0] for p in pairs) / 1000
b = statistics.median(p[1] for p in pairs) / 1000
print("notify --now (default buttons): median %.1f ms (min %.1f, max %.1f)" % (a, min(p[0] for p in pairs) / 1000, max(p[0] for p in pairs) / 1000))
print("notify-send (same text):        median %.1f ms (min %.1f, max %.1f)" % (b, min(p[1] for p in pairs) / 1000, max(p[1] for p in pairs) / 1000))
print("RESULT bench %s ratio %.2fx over %d pairs (target at most 1.5x)" % ("PASS" if a <= 1.5 * b else "FAIL", a / b, len(pairs)))
PY
    ;;
  *) echo "unknown scenario $scenario" >&2; exit 2 ;;
esac
