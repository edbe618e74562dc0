#!/usr/bin/env bash
# `run --config CONFIG`; while it sleeps, `dailyquote --config CONFIG` alone (it must not start a
# second scheduler), then CONFIG turns the quotes off (`enabled = false`, moved into place): run
# must stop by itself.
# Environment: DQ, W, CONFIG. Writes run.log, status (run's exit status, or "running" if it did
# not stop), bare.rc, bare.out, bare.err in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" run --config "$CONFIG" 2>"$W/run.log" &
r=$!
wait_until 30 "the scheduler's start" grep -q 'scheduler started' "$W/run.log" || true
record "$W/bare.rc" timeout 20 "$DQ" --config "$CONFIG" </dev/null >"$W/bare.out" 2>"$W/bare.err"
printf '[delivery]\nhour = 3\nenabled = false\n' >"$CONFIG.new"
mv "$CONFIG.new" "$CONFIG"
if wait_until 30 "run to stop by itself" gone "$r"; then
  record "$W/status" wait "$r"
else
  echo running >"$W/status"
  kill -TERM "$r" || true
  wait "$r" || true
fi
