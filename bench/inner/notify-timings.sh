#!/usr/bin/env bash
# bench/run.sh's delivery part on one dunst (run inside Tests/TestSupport/Harness/with-notification-server.sh):
# `notify --now` (default buttons, and `actions = []`) against notify-send with hyperfine, warm and
# cold (200 ms idle before each run), and in alternated pairs (bench/inner/pairs.py); callgrind's
# counted instructions (valgrind installed: what bench/instructions.py checks against
# bench/thresholds.txt); peak RSS; and without a cached quote (bundled, a fortune file).
# Environment: DQ_BIN (the binary), BENCH_RUNS (hyperfine's runs), BENCH_PAIRS and
# BENCH_PAIRS_COLD (the alternated pairs, warm and cold), BENCH_OUT (hyperfine's JSON; the others
# beside it: .cold.json, .nocache.json, .pairs-{plain,buttons}[-cold].json, .rss, .cg/),
# BENCH_TEXT (the quote), BENCH_FORTUNE (a strfile-indexed fortune file), XDG_CACHE_HOME and
# XDG_CONFIG_HOME (written).
# Output: hyperfine's on stdout; the figures in BENCH_OUT's files.
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME"
printf "{\"text\":\"%s\",\"author\":\"Seneca\",\"source\":\"bench\",\"fetchedAt\":%s}" "$BENCH_TEXT" "$(date +%s)" >"$XDG_CACHE_HOME/dailyquote/quote.json"
printf "[notification]\nactions = []\n" >"$XDG_CONFIG_HOME/no-buttons.toml"
hyperfine --warmup 3 --runs "$BENCH_RUNS" --export-json "$BENCH_OUT" -N \
  -n "dailyquote notify --now" "$DQ_BIN notify --now" \
  -n "dailyquote notify --now, actions = []" "$DQ_BIN notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "notify-send" "notify-send -a dailyquote \"Quote of the Day\" \"$BENCH_TEXT
— Seneca\""
# Cold: the same three commands with 200 ms of idle before each run, as a daily timer starts
# notify on an idle machine (its other core asleep, caches cooled), not back to back.
hyperfine --prepare "sleep 0.2" --runs "$BENCH_RUNS" --export-json "$BENCH_OUT.cold.json" -N \
  -n "dailyquote notify --now" "$DQ_BIN notify --now" \
  -n "dailyquote notify --now, actions = []" "$DQ_BIN notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "notify-send" "notify-send -a dailyquote \"Quote of the Day\" \"$BENCH_TEXT
— Seneca\""
# Alternated pairs (bench/inner/pairs.py): `notify --now` and notify-send one after the other,
# the order swapped every pair, each run a whole process; medians. hyperfine runs each command's
# runs back to back, so a drift of the machine falls on one command more than the other; the two
# measures disagreed (issue 44), and the goal holds only if it holds in both. Warm (back to back)
# and cold (200 ms idle before each run), plain and with the default buttons: each buttons run
# forks a holder, which the next run's takes over from (one holder at a time, as in hyperfine).
send_argv=(notify-send -a dailyquote "Quote of the Day" "$BENCH_TEXT
— Seneca")
for idle in 0 0.2; do
  rounds=$BENCH_PAIRS suffix=""
  [ "$idle" = 0 ] || { rounds=$BENCH_PAIRS_COLD suffix="-cold"; }
  python3 "$(dirname "$0")/pairs.py" run "$BENCH_OUT.pairs-plain$suffix.json" "$rounds" "$idle" \
    ::: dailyquote "$DQ_BIN" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" ::: notify-send "${send_argv[@]}"
  python3 "$(dirname "$0")/pairs.py" run "$BENCH_OUT.pairs-buttons$suffix.json" "$rounds" "$idle" \
    ::: dailyquote "$DQ_BIN" notify --now ::: notify-send "${send_argv[@]}"
done
python3 "$(dirname "$0")/pairs.py" show "$BENCH_OUT".pairs-*.json
# Counted instructions (valgrind callgrind: deterministic, unlike wall time on a shared machine),
# each process apart: notify, the holder it starts (counted until it is stopped), notify-send.
# In --quick runs too (CI): the counts are the same on every run, so a few seconds of valgrind
# hold them to bench/thresholds.txt.
if command -v valgrind >/dev/null; then
  mkdir -p "$BENCH_OUT.cg"
  # valgrind cannot read the DWARF of the release build ("possibly corrupted debuginfo"): the same
  # binary without it (symbols kept), which is also what the holder runs as (/proc/self/exe).
  cg_bin=$BENCH_OUT.cg/dailyquote
  strip --strip-debug -o "$cg_bin" "$DQ_BIN"
  # notify dumps its count before it forks the holder, so that the holder counts from zero
  # (a forked child counts on from its parent): notify is the sum of its two parts.
  valgrind --tool=callgrind --trace-children=yes --dump-before=dq_fork_detached --callgrind-out-file="$BENCH_OUT.cg/buttons.%p" \
    "$cg_bin" notify --now >/dev/null 2>&1
  holder=$("$DQ_BIN" status --json 2>/dev/null | python3 -c "import json,sys; h=json.load(sys.stdin).get(\"holder\"); print(h[\"pid\"] if h else \"\")")
  # The callgrind file of a forked holder names the command line of notify: it is known by its PID.
  echo "$holder" >"$BENCH_OUT.cg/holder.pid"
  [ -n "$holder" ] && { kill -TERM "$holder"; for _ in $(seq 200); do kill -0 "$holder" 2>/dev/null || break; sleep 0.05; done; }
  valgrind --tool=callgrind --callgrind-out-file="$BENCH_OUT.cg/plain" "$cg_bin" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$BENCH_OUT.cg/send" notify-send -a dailyquote "Quote of the Day" "$BENCH_TEXT" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$BENCH_OUT.cg/version" "$cg_bin" --version >/dev/null 2>&1
  rm -f "$cg_bin"
fi
# time writes its figure to a file, apart from the standard error of notify.
/usr/bin/time -f %M -o "$BENCH_OUT.rss-dq" "$DQ_BIN" notify --now >/dev/null 2>&1
/usr/bin/time -f %M -o "$BENCH_OUT.rss-send" notify-send x y >/dev/null 2>&1
echo "$(tail -1 "$BENCH_OUT.rss-dq") $(tail -1 "$BENCH_OUT.rss-send")" >"$BENCH_OUT.rss"
# Without a cached quote (the first run, a failed fetch): a bundled quote, and a pick from the
# local fortune file (a `fortune` source), both without buttons, against the same notify-send.
rm -f "$XDG_CACHE_HOME/dailyquote/quote.json"
printf "[notification]\nactions = []\n[[source]]\ntype = \"fortune\"\npath = \"%s\"\n" "$BENCH_FORTUNE" >"$XDG_CONFIG_HOME/local.toml"
hyperfine --warmup 3 --runs "$BENCH_RUNS" --export-json "$BENCH_OUT.nocache.json" -N \
  -n "dailyquote notify --now, actions = [], no cached quote (bundled)" "$DQ_BIN notify --now --config $XDG_CONFIG_HOME/no-buttons.toml" \
  -n "dailyquote notify --now, actions = [], no cached quote (fortune file)" "$DQ_BIN notify --now --config $XDG_CONFIG_HOME/local.toml" \
  -n "notify-send (again)" "notify-send -a dailyquote \"Quote of the Day\" \"$BENCH_TEXT
— Seneca\""
if command -v valgrind >/dev/null; then
  cg_bin=$BENCH_OUT.cg/dailyquote
  strip --strip-debug -o "$cg_bin" "$DQ_BIN"
  # Without a cached quote, notify reads the history (not to repeat a quote), so these counts
  # grow with it: a state directory of their own, whose history two uncounted runs begin, so that
  # a full run (some 400 posts before this) counts as a quick one (some 50) does.
  cg_state=$BENCH_OUT.cg-state
  for _ in 1 2; do XDG_STATE_HOME=$cg_state "$DQ_BIN" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" >/dev/null 2>&1; done
  XDG_STATE_HOME=$cg_state valgrind --tool=callgrind --callgrind-out-file="$BENCH_OUT.cg/nocache" "$cg_bin" notify --now --config "$XDG_CONFIG_HOME/no-buttons.toml" >/dev/null 2>&1
  XDG_STATE_HOME=$cg_state valgrind --tool=callgrind --callgrind-out-file="$BENCH_OUT.cg/nocachefortune" "$cg_bin" notify --now --config "$XDG_CONFIG_HOME/local.toml" >/dev/null 2>&1
  rm -f "$cg_bin"
fi
