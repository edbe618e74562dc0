#!/usr/bin/env bash
# Copy pressed with wl-copy the only clipboard tool, under a Wayland display no compositor serves.
# Environment: DQ, W, NOTIFICATION_SERVER (scenario.sh). Writes now.*, history.json, history.txt,
# status.json, status.txt, doctor.txt, doctor.rc in $W.
# Exit status: 2 when wl-copy is not installed; else 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

command -v wl-copy >/dev/null || { echo "wl-copy is not installed; run scripts/install-deps" >&2; exit 2; }
mkdir "$W/bin"
ln -s "$(command -v wl-copy)" "$W/bin/wl-copy"
export WAYLAND_DISPLAY=wayland-nobody-here
record "$W/now.rc" env PATH="$W/bin" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "the holder's mark" hold_marked || true
"$NOTIFICATION_SERVER" invoke 1 copy
wait_actions 1
"$DQ" history --json >"$W/history.json"
"$DQ" history >"$W/history.txt"
"$DQ" status --json >"$W/status.json" 2>/dev/null || true
"$DQ" status >"$W/status.txt" 2>/dev/null || true
record "$W/doctor.rc" env PATH="$W/bin:$PATH" "$DQ" doctor --offline >"$W/doctor.txt" 2>&1
