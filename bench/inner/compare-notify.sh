#!/usr/bin/env bash
# bench/compare.sh's part on one dunst (run inside Tests/TestSupport/Harness/with-notification-server.sh):
# the before and after builds' `notify --now` with one cached quote, side by side in one hyperfine.
# Environment: BEFORE, AFTER (the binaries), RUNS (hyperfine's runs), OUT (hyperfine's JSON),
# AFTER_NOTIFY_ARGS (added to the after binary's command line), XDG_CACHE_HOME (the cached quote
# is written there). Output: hyperfine's on stdout, its figures in OUT.
mkdir -p "$XDG_CACHE_HOME/dailyquote"
printf "{\"text\":\"While we are postponing, life speeds by.\",\"author\":\"Seneca\",\"source\":\"bench\",\"fetchedAt\":%s}" "$(date +%s)" >"$XDG_CACHE_HOME/dailyquote/quote.json"
hyperfine --warmup 3 --runs "$RUNS" -N --export-json "$OUT" \
  -n "before notify --now" "$BEFORE notify --now" -n "after notify --now" "$AFTER notify --now $AFTER_NOTIFY_ARGS"
