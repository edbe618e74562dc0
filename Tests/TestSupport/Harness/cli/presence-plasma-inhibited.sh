#!/usr/bin/env bash
# On Plasma: an application inhibits notifications (plasma-inhibitor.py) before notify at
# 08:00:05 (faketime); it stops 1 s after the wait shows.
# Environment: DQ, W, CONFIG (the config file). Writes out, err, rc, status.txt, status.json,
# history-before.json, history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

/usr/bin/python3 "$(dirname "$0")/plasma-inhibitor.py" "$W" &
inhibitor=$!
at_exit kill "$inhibitor"
inhibited() { [ -e "$W/inhibited" ]; }
# Plasma can take long to answer its first Inhibit on a loaded machine: without the inhibition
# the test would prove nothing, so its absence is the harness's failure.
wait_until 120 "the inhibition" inhibited || harness_die "Plasma did not confirm the inhibition"
faketime -f '@2026-06-01 08:00:05' "$DQ" notify --config "$CONFIG" >"$W/out" 2>"$W/err" &
dq=$!
await_waiting
"$DQ" history --json >"$W/history-before.json"
sleep 1 # a wait of a second at least
touch "$W/release"
record "$W/rc" wait "$dq"
"$DQ" history --json >"$W/history.json"
