#!/usr/bin/env bash
# notify at 2026-06-01 06:00:01 UTC without a session bus, then at 06:00:30 with dunst (config
# CONFIG, faketime).
# Environment: DQ, W, CONFIG, XDG_STATE_HOME. Writes nobus.{out,err,rc,ms}, consumed ("yes"
# when state.json exists after the first), withbus.{out,err,rc} in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

NOTIFY_ENV=nobus "$(dirname "$0")/notify-steps.sh" '2026-06-01 06:00:01' nobus
if [ -e "$XDG_STATE_HOME/dailyquote/state.json" ]; then echo yes >"$W/consumed"; fi
"$(dirname "$0")/notify-steps.sh" '2026-06-01 06:00:30' withbus
