#!/usr/bin/env bash
# notify --now, then status and config path.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes out, status.txt, path.txt, mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

"$DQ" notify --now >"$W/out" 2>&1 || true
"$DQ" status >"$W/status.txt" 2>/dev/null || true
"$DQ" config path >"$W/path.txt" 2>/dev/null || true
cp "$MOCK_LOG" "$W/mock.log"
