#!/usr/bin/env bash
# For each ASSIGNMENTS (space-separated NAME=VALUE, e.g. "LANG=de_DE.UTF-8 LANGUAGE=fr"), with
# LANGUAGE, LC_ALL and LC_MESSAGES unset unless assigned: config path, doctor --offline,
# notify --now and status, each one's output (with standard error) in $W/N.path, N.doctor,
# N.notify, N.status (N from 0, in order); the history is removed after each, so that each
# notify --now posts a bundled quote for want of a cached one.
#   reports-in-languages.sh ASSIGNMENTS...
# Environment: DQ, W, XDG_STATE_HOME.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

index=0
for assignments in "$@"; do
  read -ra assigned <<<"$assignments"
  in_language() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES "${assigned[@]}" "$DQ" "$@"; }
  in_language doctor --offline >"$W/$index.doctor" 2>&1 || true
  in_language notify --now >"$W/$index.notify" 2>&1 || true
  in_language config path >"$W/$index.path" 2>&1 || true
  in_language status >"$W/$index.status" 2>&1 || true
  rm -f "$XDG_STATE_HOME/dailyquote/history.jsonl"
  index=$((index + 1))
done
