#!/usr/bin/env bash
# notify --now and doctor with a PATH holding no clipboard program.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes now.*, doctor.txt, mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

mkdir "$W/empty"
record "$W/now.rc" env PATH="$W/empty" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "the holder's mark" hold_marked || true
env PATH="$W/empty" "$DQ" doctor --offline >"$W/doctor.txt" 2>&1 || true
cp "$MOCK_LOG" "$W/mock.log"
