#!/usr/bin/env bash
# notify --now (a preview), then notify (the due delivery), with the config CONFIG.
# Environment: DQ, W, CONFIG. Writes now.out and due.out (each with its standard error) in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>&1 || true
"$DQ" notify --config "$CONFIG" >"$W/due.out" 2>&1 || true
