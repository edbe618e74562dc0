#!/usr/bin/env bash
# run -v with the config CONFIG, which fetches at once from a source that never finishes;
# SIGTERM 1.5 s later, timed. Prints run's log.
# Environment: DQ, W, CONFIG. Writes run.log and status ("STATUS MILLISECONDS", run's exit
# status and how long it took to end after the SIGTERM) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run -v --config "$CONFIG" 2>"$W/run.log" &
r=$!
sleep 1.5 # into the fetch, which lasts as long as the source's 60 s timeout
start=$(date +%s%N)
kill -TERM "$r"
s=0
wait "$r" || s=$?
end=$(date +%s%N)
echo "$s $(((end - start) / 1000000))" >"$W/status"
cat "$W/run.log"
