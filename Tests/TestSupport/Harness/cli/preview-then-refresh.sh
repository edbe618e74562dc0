#!/usr/bin/env bash
# notify --now (a preview), then refresh, with the config CONFIG.
# Environment: DQ, W, CONFIG. Writes now.out, now.err, refresh.out, refresh.err, refresh.rc,
# dq-history.json in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>"$W/now.err" || true
record "$W/refresh.rc" "$DQ" refresh --config "$CONFIG" >"$W/refresh.out" 2>"$W/refresh.err"
"$DQ" history --json >"$W/dq-history.json"
