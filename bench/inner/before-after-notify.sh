#!/usr/bin/env bash
# bench/before-after.sh's part on one dunst (run inside Tests/TestSupport/Harness/with-notification-server.sh):
# `notify --now` of both builds against notify-send with hyperfine, warm and cold (200 ms idle
# before each run), the same in alternated rounds (bench/inner/pairs.py), then callgrind's counted instructions of each build's notify (with buttons,
# and the holder it forks; and with `actions = []`).
# Environment: BA_WORK (the work directory: before/dailyquote and after/dailyquote, the binaries;
# it receives notify.json, notify.cold.json, pairs-{plain,buttons}[-cold].json and cg-before/,
# cg-after/), BA_RUNS (hyperfine's runs, and the alternated rounds),
# BA_TEXT (the quote), HOME and XDG_CACHE_HOME/XDG_CONFIG_HOME (written: the cached quote, no-buttons.toml).
# Output: hyperfine's on stdout; the figures in BA_WORK's files.
set -eu
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME"
printf "{\"text\":\"%s\",\"author\":\"Seneca\",\"source\":\"bench\",\"fetchedAt\":%s}" "$BA_TEXT" "$(date +%s)" >"$XDG_CACHE_HOME/dailyquote/quote.json"
printf "[notification]\nactions = []\n" >"$XDG_CONFIG_HOME/no-buttons.toml"
hyperfine --warmup 3 --runs "$BA_RUNS" --export-json "$BA_WORK/notify.json" -N \
  -n "before: notify --now" "$BA_WORK/before/dailyquote notify --now" \
  -n "after: notify --now" "$BA_WORK/after/dailyquote notify --now" \
  -n "before: notify --now, actions = []" "$BA_WORK/before/dailyquote notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "after: notify --now, actions = []" "$BA_WORK/after/dailyquote notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "notify-send" "notify-send -a dailyquote \"Quote of the Day\" \"$BA_TEXT
— Seneca\"" >&2
# Cold: the same five with 200 ms of idle before each run, as a daily timer starts notify.
hyperfine --prepare "sleep 0.2" --runs "$BA_RUNS" --export-json "$BA_WORK/notify.cold.json" -N \
  -n "before: notify --now" "$BA_WORK/before/dailyquote notify --now" \
  -n "after: notify --now" "$BA_WORK/after/dailyquote notify --now" \
  -n "before: notify --now, actions = []" "$BA_WORK/before/dailyquote notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "after: notify --now, actions = []" "$BA_WORK/after/dailyquote notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "notify-send" "notify-send -a dailyquote \"Quote of the Day\" \"$BA_TEXT
— Seneca\"" >&2
# Alternated rounds (bench/inner/pairs.py): before, after and notify-send one after the other,
# the order rotated every round, each run a whole process; medians, warm (back to back) and cold
# (200 ms idle before each run), plain and with the default buttons (each run's holder is taken
# over by the next run's, of either build: one holder at a time).
send_argv=(notify-send -a dailyquote "Quote of the Day" "$BA_TEXT
— Seneca")
for idle in 0 0.2; do
  suffix=""
  [ "$idle" = 0 ] || suffix="-cold"
  python3 "$(dirname "$0")/pairs.py" run "$BA_WORK/pairs-plain$suffix.json" "$BA_RUNS" "$idle" \
    ::: before "$BA_WORK/before/dailyquote" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" \
    ::: after "$BA_WORK/after/dailyquote" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" \
    ::: notify-send "${send_argv[@]}"
  python3 "$(dirname "$0")/pairs.py" run "$BA_WORK/pairs-buttons$suffix.json" "$BA_RUNS" "$idle" \
    ::: before "$BA_WORK/before/dailyquote" notify --now ::: after "$BA_WORK/after/dailyquote" notify --now \
    ::: notify-send "${send_argv[@]}"
done
python3 "$(dirname "$0")/pairs.py" show "$BA_WORK"/pairs-*.json >&2
holder_pid() { "$BA_WORK/after/dailyquote" status --json 2>/dev/null | python3 -c "import json,sys; h=json.load(sys.stdin).get(\"holder\"); print(h[\"pid\"] if h else \"\")"; }
stop_holder() {
  pid=$(holder_pid)
  [ -n "$pid" ] || return 0
  kill -TERM "$pid"
  for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
}
for which in before after; do
  stop_holder
  # With buttons: notify and the holder it forks (counted until it is stopped). notify dumps its
  # count before the fork, so that the holder counts from zero: notify is its two parts.
  mkdir -p "$BA_WORK/cg-$which"
  valgrind --tool=callgrind --trace-children=yes --dump-before=dq_fork_detached --callgrind-out-file="$BA_WORK/cg-$which/buttons.%p" \
    "$BA_WORK/$which/dailyquote" notify --now >/dev/null 2>&1
  stop_holder
  valgrind --tool=callgrind --callgrind-out-file="$BA_WORK/cg-$which/plain" \
    "$BA_WORK/$which/dailyquote" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" >/dev/null 2>&1
done
stop_holder
