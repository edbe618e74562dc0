#!/usr/bin/env bash
# Copy pressed under Xvfb with TOOL (xclip or xsel) the only clipboard tool notify and its holder
# can find; the clipboard is read (xclip) after the holder ended.
#   actions-copy-x11.sh TOOL
# Environment: DQ, W, MOCK_LOG, NOTIFICATION_SERVER (scenario.sh). Writes now.*, holder-alive,
# clipboard, clipboard.err, history.json in $W.
# Exit status: 2 when a tool is not installed; else 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"
tool=$1

for t in xclip "$tool" Xvfb; do
  command -v "$t" >/dev/null || { echo "$t is not installed; run scripts/install-deps" >&2; exit 2; }
done
exec 5>"$W/display"
Xvfb -displayfd 5 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
exec 5>&-
at_exit kill "$xvfb"
display_known() { [ -s "$W/display" ]; }
wait_until 30 "Xvfb's display number" display_known
DISPLAY=":$(cat "$W/display")"
export DISPLAY
unset WAYLAND_DISPLAY
mkdir "$W/bin"
ln -s "$(command -v "$tool")" "$W/bin/$tool"
record "$W/now.rc" env PATH="$W/bin" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "the holder's mark" hold_marked || true
pid=$(holder_pid)
"$NOTIFICATION_SERVER" invoke 1 copy
wait_actions 1
sleep 0.5 # the clipboard tool takes the selection over from the holder
kill -TERM "$pid" || true
wait_until 30 "the holder's end" gone "$pid" || true
alive_to "$W/holder-alive" "$pid"
xclip -o -selection clipboard >"$W/clipboard" 2>"$W/clipboard.err" || true
"$DQ" history --json >"$W/history.json"
