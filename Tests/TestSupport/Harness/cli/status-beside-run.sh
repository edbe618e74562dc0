#!/usr/bin/env bash
# status --json and doctor while a `run` scheduler sleeps; SIGTERM to run after.
# Environment: DQ, W. Writes run.log, status.json, status.err, doctor.out, doctor.rc in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run 2>"$W/run.log" &
r=$!
wait_until 30 "run's sleep" grep -q 'sleeping until' "$W/run.log" || true
"$DQ" status --json >"$W/status.json" 2>"$W/status.err" || true
record "$W/doctor.rc" "$DQ" doctor --offline >"$W/doctor.out" 2>&1
kill -TERM "$r"
wait "$r" || true
