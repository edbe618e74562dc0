#!/usr/bin/env bash
# GnomeNotificationsTests.fallback, run by with-notification-server.sh --server gnome without the
# desktop entry: notify falls back to the freedesktop path with a holder.
# Environment: DQ and BIN (the binary's copy), W (results go there), CONFIG (the config file).
# Results in $W: now.rc/.out/.err, after-notify.count, tray-1.json, doctor.txt, history.json,
# script.err. Exit status: 0, or 1 when the tray extension did not answer.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gnome.sh"

notify_into_tray
ours >"$W/after-notify.count"
tray Dump "$W/tray-1.json" || true
"$DQ" doctor --config "$CONFIG" --offline >"$W/doctor.txt" 2>&1 || true
"$DQ" history --json --config "$CONFIG" >"$W/history.json" || true
