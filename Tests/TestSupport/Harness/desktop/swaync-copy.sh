#!/usr/bin/env bash
# WaylandCopyTests.swayncCopy, run by with-notification-server.sh --server swaync (sway, headless):
# Copy pressed on swaync's own popup through the accessibility tree, as a click does; the
# clipboard read back with wl-paste once the holder has gone.
# Environment: DQ, W (results go there), and the harness's NOTIFICATION_SERVER and WAYLAND_DISPLAY.
# Results in $W: now.rc/.out/.err, press.err, holder-alive (when it outlived its stop), clipboard,
# clipboard.err, history.json.
# Exit status: 2 when wl-clipboard is not installed; else 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

for t in wl-copy wl-paste; do
  command -v "$t" >/dev/null || { echo "$t is not installed; run scripts/install-deps" >&2; exit 2; }
done
# The popup is drawn a moment after Notify returns: pressed once its button is there.
press_copy() { "$NOTIFICATION_SERVER" press Copy >/dev/null 2>"$W/press.err"; }
# wl-paste's text once it is the quote's (a Copy that did not reach the clipboard leaves it empty).
pasted() { timeout 5 wl-paste --no-newline >"$W/clipboard" 2>"$W/clipboard.err" && [ -s "$W/clipboard" ]; }

holder_known() { [ -n "$(holder_pid)" ]; }

record "$W/now.rc" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "the holder" holder_known || true
pid=$(holder_pid)
wait_until 30 "swaync's Copy button" press_copy || true
wait_actions 1
# swaync keeps the popup (the resident hint): the holder is stopped, as the next delivery stops
# it, and the clipboard must outlive it.
kill -TERM "$pid" || true
wait_until 30 "the holder's end" gone "$pid" || true
gone "$pid" || echo alive >"$W/holder-alive"
wait_until 10 "the clipboard's text" pasted || true
"$DQ" history --json >"$W/history.json" || true
