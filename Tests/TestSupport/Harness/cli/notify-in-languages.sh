#!/usr/bin/env bash
# notify --now once for each ASSIGNMENTS (space-separated NAME=VALUE, e.g. "LANG=de_DE.UTF-8"),
# with LANGUAGE, LC_ALL and LC_MESSAGES unset unless assigned; waits for each one's holder.
#   notify-in-languages.sh ASSIGNMENTS...
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes outN and errN (N from 0, in order) and
# mock.log in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

index=0
for assignments in "$@"; do
  read -ra assigned <<<"$assignments"
  env -u LANGUAGE -u LC_ALL -u LC_MESSAGES "${assigned[@]}" "$DQ" notify --now >"$W/out$index" 2>"$W/err$index" || true
  wait_until 30 "the holder's mark" hold_marked || true
  index=$((index + 1))
done
cp "$MOCK_LOG" "$W/mock.log"
