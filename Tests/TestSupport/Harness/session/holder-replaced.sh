#!/usr/bin/env bash
# UserSessionTests.holderDoesNotBlockTheNextDelivery, run by with-user-session.sh (mock server): a
# holder runs in a scope of its own, and the next delivery replaces it.
# Environment: DQ, W (a work directory holding second.toml; results go there), STATE (dailyquote's
# state directory), CONFIG_FILE (the config in use), and the harness's MOCK_LOG.
# Results in $W: install1.out, service1, pid1, cgroup1, install2.out, service2, pid2,
# pid1-alive (only if the first holder outlived its replacement), closed, notify-count, journal.
# Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

history="$STATE/history.jsonl"
# The delivery is over: the notify unit is inactive again and a holder holds the quote.
delivered() { shows dailyquote-notify.service ActiveState '^inactive$' && [ -n "$(holder_pid)" ]; }
# The second delivery is over and its holder replaced the first one, which recorded why it ended.
replaced() {
  local pid
  pid=$(holder_pid)
  shows dailyquote-notify.service ActiveState '^inactive$' && [ -n "$pid" ] && [ "$pid" != "$pid1" ] &&
    grep -q '"reason":"replaced"' "$STATE/closed.jsonl" 2>/dev/null
}

"$DQ" install >"$W/install1.out" 2>&1 || true
wait_until 90 "the first delivery in the history" non_empty "$history" || true
wait_until 30 "the first delivery's holder" delivered || true
systemctl --user show dailyquote-notify.service -p ActiveState -p Result >"$W/service1"
pid1=$(holder_pid)
echo "$pid1" >"$W/pid1"
cat "/proc/$pid1/cgroup" >"$W/cgroup1" 2>/dev/null || true
# The next delivery: forget the first (a new day would), keep the hold's files.
rm -f "$STATE/state.json" "$history"
cp "$W/second.toml" "$CONFIG_FILE"
"$DQ" install >"$W/install2.out" 2>&1 || true
wait_until 90 "the second delivery in the history" non_empty "$history" || true
wait_until 30 "the second delivery's holder to replace the first" replaced || true
wait_until 10 "the first holder to end" gone "$pid1" || true
systemctl --user show dailyquote-notify.service -p ActiveState -p Result >"$W/service2"
holder_pid >"$W/pid2"
if kill -0 "$pid1" 2>/dev/null; then echo alive >"$W/pid1-alive"; fi
cat "$STATE/closed.jsonl" >"$W/closed" 2>/dev/null || true
grep -c 'Notify "dailyquote"' "$MOCK_LOG" >"$W/notify-count" || true
journalctl --user -u dailyquote-notify.service --no-pager >"$W/journal" 2>&1 || true
