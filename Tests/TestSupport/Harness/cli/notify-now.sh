#!/usr/bin/env bash
# notify --now with ARGs, then status --json.
#   notify-now.sh [ARG...]
# Environment: DQ, W. Writes out, err, rc (notify's exit status), status.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

record "$W/rc" "$DQ" notify --now "$@" >"$W/out" 2>"$W/err"
"$DQ" status --json >"$W/status.json" 2>/dev/null || true
