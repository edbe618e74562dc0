#!/usr/bin/env bash
# run -vv posts the first slot's quote, then fetches for the next slot; Save is then pressed on
# that quote; SIGTERM stops run; its holder must outlive both.
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes run.log, pids (run's
# and the holder's), holder-after-fetch, favorites.json, run-status, holder-after-run, closed-1
# in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -vv 2>"$W/run.log" &
r=$!
wait_until 60 "the holder's mark" hold_marked || true
holder=$(holder_pid)
echo "$r $holder" >"$W/pids"
# After the first slot's post, run sleeps only until the next fetch; it sleeps until a
# delivery only once that fetch is done.
sleeping_for_delivery() { grep -q 'sleeping until .* (delivery)' "$W/run.log"; }
wait_until 120 "run's sleep until the delivery" sleeping_for_delivery || true
alive_to "$W/holder-after-fetch" "$holder"
"$NOTIFICATION_SERVER" invoke 1 save
wait_actions 1
"$DQ" favorites --json >"$W/favorites.json"
kill -TERM "$r" || true
record "$W/run-status" wait "$r"
alive_to "$W/holder-after-run" "$holder"
mock_count 'CloseNotification 1$' >"$W/closed-1"
kill -TERM "$holder" || true
wait_until 30 "the holder's end" no_holder || true
