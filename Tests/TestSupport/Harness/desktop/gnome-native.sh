#!/usr/bin/env bash
# GnomeNotificationsTests.nativePath, run by with-notification-server.sh --server gnome with the
# desktop entry installed: notify --now posts through org.gtk.Notifications; Another and Save are
# pressed through the shell; the action service then goes idle and exits.
# Environment: DQ and BIN (the binary's copy), W (results go there), CONFIG (the config file),
# XDG_DATA_HOME or HOME. Results in $W: now.rc/.out/.err, after-notify.count, tray-1.json,
# status.txt, doctor.txt, press-another.out, tray-2.json, press-save.out, after-idle.count,
# favorites.jsonl, history.json, done, script.err. Exit status: 0, or 1 when the tray extension
# did not answer.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gnome.sh"

favorites="${XDG_DATA_HOME:-$HOME/.local/share}/dailyquote/favorites.jsonl"
none_of_ours() { [ "$(ours)" = 0 ]; }

notify_into_tray
ours >"$W/after-notify.count"
tray Dump "$W/tray-1.json" || true
"$DQ" status --config "$CONFIG" >"$W/status.txt" 2>&1 || true
"$DQ" doctor --config "$CONFIG" --offline >"$W/doctor.txt" 2>&1 || true
tray Press "Another quote" >"$W/press-another.out" || true
wait_until 30 "the Another quote's buttons" tray_dump_has "$W/tray-2.json" '"Save"' || true
tray Press Save >"$W/press-save.out" || true
wait_until 30 "favorites.jsonl" non_empty "$favorites" || true
wait_until 30 "the action service to exit" none_of_ours || true
ours >"$W/after-idle.count"
cp "$favorites" "$W/favorites.jsonl" 2>/dev/null || true
"$DQ" history --json --config "$CONFIG" >"$W/history.json" || true
echo "done" >"$W/done"
