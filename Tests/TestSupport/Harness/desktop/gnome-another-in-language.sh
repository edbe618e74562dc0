#!/usr/bin/env bash
# GnomeNotificationsTests.nativePathInSessionLanguage, run by with-notification-server.sh --server
# gnome with the desktop entry installed, in a translated session: notify --now, then the
# Another button pressed in that language.
#   gnome-another-in-language.sh ANOTHER_LABEL SAVE_LABEL    the two buttons' translated labels
# Environment: DQ and BIN (the binary's copy), W (results go there), CONFIG (the config file).
# Results in $W: now.rc/.out/.err, tray-1.json, press-another.out, tray-2.json, done, script.err.
# Exit status: 0, or 1 when the tray extension did not answer.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gnome.sh"

another=$1
save=$2
replaced() { tray_dump_has "$W/tray-2.json" "\"$save\"" && ! cmp -s "$W/tray-1.json" "$W/tray-2.json"; }

notify_into_tray
tray Dump "$W/tray-1.json" || true
tray Press "$another" >"$W/press-another.out" || true
wait_until 30 "the Another quote in the tray" replaced || true
echo "done" >"$W/done"
