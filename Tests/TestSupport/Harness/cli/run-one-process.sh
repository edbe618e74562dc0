#!/usr/bin/env bash
# run -v with the config CONFIG, whose fetch comes a few seconds after the start; once run
# sleeps until the delivery after that fetch, the script edits CONFIG (a line added, moved into
# place). Notes run's process before the fetch, after it and after the reload.
# Environment: DQ, W, CONFIG. Writes run.log, image-before-fetch, image-after-fetch,
# image-after-edit (run's PID and where its stack is mapped: a new image, even under the same
# PID, maps it elsewhere), threads-before-fetch, threads-after-fetch and status (run's exit
# status) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -v --config "$CONFIG" 2>"$W/run.log" &
r=$!
image() { { echo "$r"; grep '\[stack\]' "/proc/$r/maps" | cut -d' ' -f1; } >"$W/image-$1" 2>/dev/null || true; }
threads() { ls "/proc/$r/task" 2>/dev/null | wc -l; }
threads_back() { [ "$(threads)" -eq "$(cat "$W/threads-before-fetch")" ]; }
wait_until 30 "run's sleep until the fetch" grep -q 'sleeping until .* (refresh)' "$W/run.log" || true
image before-fetch
threads >"$W/threads-before-fetch"
wait_until 60 "run's sleep until the delivery" grep -q 'sleeping until .* (delivery)' "$W/run.log" || true
image after-fetch
# The fetch's thread ends just after it reports.
wait_until 10 "the fetch's thread's end" threads_back || true
threads >"$W/threads-after-fetch"
{
  cat "$CONFIG"
  echo '# edited'
} >"$CONFIG.new"
mv "$CONFIG.new" "$CONFIG"
wait_until 30 "the reload" grep -q 'plan reloaded' "$W/run.log" || true
image after-edit
kill -TERM "$r" || true
record "$W/status" wait "$r"
