#!/usr/bin/env bash
# How late the notify timer posts: N firings of the units `dailyquote install` generates, in a
# real user session (Tests/TestSupport/Harness/with-user-session.sh, as root), each at the next whole
# minute. The lateness of one firing is the time dbus-monitor stamps on the Notify call minus
# the planned instant. Prints "min median max" in milliseconds on the last line.
# Usage: bench/timer-punctuality.sh [FIRINGS] [BINARY]   (default 5, .build/release/dailyquote)
# PUNCTUALITY_NOTIFICATION, if set, is the config's [notification] table (e.g. 'actions = []').
set -euo pipefail
cd "$(dirname "$0")/.."
firings=${1:-5}
bin=${2:-$PWD/.build/release/dailyquote}
[ -x "$bin" ] || { echo "punctuality: no binary at $bin (make build)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state TZ=UTC
export DQ=$bin W=$work FIRINGS=$firings PROBE=$PWD/Tests/TestSupport/Harness/notify_probe.py NOTIFICATION=${PUNCTUALITY_NOTIFICATION:-}
Tests/TestSupport/Harness/with-user-session.sh bash -c '
  set -eu
  stdbuf -oL dbus-monitor --session "type=method_call,interface=org.freedesktop.Notifications,member=Notify" >"$W/monitor.txt" 2>/dev/null &
  for _ in $(seq 100); do grep -q NameLost "$W/monitor.txt" && break; sleep 0.05; done
  mkdir -p "$XDG_CONFIG_HOME/dailyquote"
  : >"$W/planned"
  for i in $(seq "$FIRINGS"); do
    at=$(( ( $(date +%s) + 15 + 59 ) / 60 * 60 ))
    printf "[delivery]\nhour = %d\nminute = %d\n[refresh]\nlead = \"0\"\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n" \
      "$(date -u -d "@$at" +%-H)" "$(date -u -d "@$at" +%-M)" >"$XDG_CONFIG_HOME/dailyquote/config.toml"
    printf "[notification]\n%s\n" "$NOTIFICATION" >>"$XDG_CONFIG_HOME/dailyquote/config.toml"
    # Each firing is a new day for the ledger: forget the last delivery (one per day otherwise),
    # once the last notify has written it. Its holder posts before notify records the delivery:
    # forgotten at the Notify call, the record could come after, and the next firing was then
    # not due ("posted nothing").
    for _ in $(seq 200); do
      case "$(systemctl --user show -p ActiveState --value dailyquote-notify.service 2>/dev/null)" in
        activating|active|deactivating|reloading) sleep 0.05 ;;
        *) break ;;
      esac
    done
    rm -f "$XDG_STATE_HOME/dailyquote/state.json" "$XDG_STATE_HOME/dailyquote/history.jsonl"
    "$DQ" install >/dev/null 2>&1
    echo "$at" >>"$W/planned"
    for _ in $(seq 1800); do [ "$(grep -c "member=Notify" "$W/monitor.txt")" -ge "$i" ] && break; sleep 0.05; done
    [ "$(grep -c "member=Notify" "$W/monitor.txt")" -ge "$i" ] || {
      echo "punctuality: firing $i posted nothing; the user manager said:" >&2
      tail -n 40 "$USER_SESSION_DIR/systemd.log" >&2 || true
      systemctl --user status "dailyquote-*" --no-pager >&2 || true
      exit 1
    }
    echo "punctuality: firing $i of $FIRINGS done" >&2
  done
  sleep 0.5
  python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
'
python3 - "$work/planned" "$work/calls.json" <<'PY'
import json, statistics, sys
planned = [int(line) for line in open(sys.argv[1])]
calls = [c["time"] for c in json.load(open(sys.argv[2]))]
if len(calls) != len(planned):
    sys.exit(f"punctuality: {len(calls)} Notify calls for {len(planned)} planned firings")
late = sorted((t - p) * 1000 for t, p in zip(calls, planned))
print("lateness (ms) per firing: " + ", ".join(f"{x:.0f}" for x in late), file=sys.stderr)
print(f"{min(late):.0f} {statistics.median(late):.0f} {max(late):.0f}")
PY
