#!/usr/bin/env bash
# TranslationsTests.nothingUnmarked, run by with-notification-server.sh --server mock in the
# pseudo-language: notify --now, then what status and doctor print.
# Environment: DQ, W (results go there), XDG_STATE_HOME, and the harness's MOCK_LOG.
# Results in $W: notify.txt, status.txt, doctor.txt, mock.log. Exit status: 0, or 1 when the
# mock server's log cannot be copied.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

non_empty() { [ -s "$1" ]; }

"$DQ" notify --now >"$W/notify.txt" 2>&1 || true
wait_until 30 "hold.json" non_empty "$XDG_STATE_HOME/dailyquote/hold.json" || true
"$DQ" status >"$W/status.txt" 2>&1 || true
"$DQ" doctor --offline >"$W/doctor.txt" 2>/dev/null || true
cp "$MOCK_LOG" "$W/mock.log"
