#!/usr/bin/env bash
# Copy pressed with a wl-copy that never returns (it forks a child and waits for it, as a wl-copy
# waiting for a focus it never gets does), then Save pressed.
# Environment: DQ, W, NOTIFICATION_SERVER (scenario.sh). Writes now.*, copy-ms (how long the Copy
# press took to be recorded, in milliseconds), fake.pid, fake-child.pid, fake-alive (listing
# whichever of the two is still running once the press is recorded), holder-alive, history.json
# in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

mkdir "$W/bin"
# A process that has ended but is not yet reaped (a zombie) counts as ended.
running() { [ -n "$1" ] && [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat"; }
cat >"$W/bin/wl-copy" <<FAKE
#!/bin/sh
echo \$\$ >"$W/fake.pid"
/bin/sleep 600 &
echo \$! >"$W/fake-child.pid"
wait
FAKE
chmod 755 "$W/bin/wl-copy"
export WAYLAND_DISPLAY=wayland-never-answers
record "$W/now.rc" env PATH="$W/bin" "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"
wait_until 30 "the holder's mark" hold_marked || true
pid=$(holder_pid)
start=$(date +%s%N)
"$NOTIFICATION_SERVER" invoke 1 copy
wait_actions 1
echo $((($(date +%s%N) - start) / 1000000)) >"$W/copy-ms"
: >"$W/fake-alive"
for f in fake fake-child; do
  if running "$(cat "$W/$f.pid" 2>/dev/null)"; then echo "$f" >>"$W/fake-alive"; fi
done
"$NOTIFICATION_SERVER" invoke 1 save
wait_actions 2
alive_to "$W/holder-alive" "$pid"
"$DQ" history --json >"$W/history.json"
