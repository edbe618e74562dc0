#!/usr/bin/env bash
# `dailyquote` with no arguments, stopped with SIGINT once its scheduler started; prints
# "status N" (its exit status), then its log.
# Environment: DQ, HOME (the log goes to $HOME/run.log).
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" 2>"$HOME/run.log" &
r=$!
wait_until 30 "the scheduler's start" grep -q 'scheduler started' "$HOME/run.log" || true
kill -INT "$r"
status=0
wait "$r" || status=$?
echo "status $status"
cat "$HOME/run.log"
