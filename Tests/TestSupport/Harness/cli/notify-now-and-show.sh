#!/usr/bin/env bash
# notify --now, then the history file is copied and show run.
# Environment: DQ, W, XDG_STATE_HOME. Writes out, err, dq-history.jsonl, show in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now >"$W/out" 2>"$W/err" || true
cp "$XDG_STATE_HOME/dailyquote/history.jsonl" "$W/dq-history.jsonl" || true
"$DQ" show >"$W/show" 2>&1 || true
