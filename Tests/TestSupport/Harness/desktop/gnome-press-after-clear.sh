#!/usr/bin/env bash
# GnomeNotificationsTests.pressAfterClear, run by with-notification-server.sh --server gnome with
# the desktop entry installed: Save pressed after `clear --state`; the notification says why
# nothing was done.
# Environment: DQ and BIN (the binary's copy), W (results go there), CONFIG (the config file),
# XDG_DATA_HOME or HOME. Results in $W: now.rc/.out/.err, clear.rc/.out, press-save.out,
# tray-2.json, data-files, done, script.err. Exit status: 0, or 1 when the tray extension did
# not answer.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gnome.sh"

notify_into_tray
record "$W/clear.rc" "$DQ" clear --state --yes --config "$CONFIG" >"$W/clear.out" 2>&1
tray Press Save >"$W/press-save.out" || true
wait_until 30 "the notification to say why" tray_dump_has "$W/tray-2.json" 'cleared' || true
ls "${XDG_DATA_HOME:-$HOME/.local/share}/dailyquote" >"$W/data-files" 2>&1 || true
echo "done" >"$W/done"
