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
# The session the harness starts (its home, runtime directory and bus) lives under /tmp. Builds
# before a5d49c5 (850b001, the usual "before" of bench/before-after.sh) write PrivateTmp=yes into
# their services whatever the session, so in this one their notify service could not see the bus
# and the first firing posted nothing; later builds leave /tmp shared for such a session
# themselves (the harness, as the tests use it, runs the units exactly as written since then).
# So the bench, and only it, gives every dailyquote service a drop-in with PrivateTmp=no, as the
# harness did for every service before a5d49c5: a later build's units here have no PrivateTmp=
# line, so it changes nothing for them; an older build's services then reach the bus (without
# setting up a private /tmp, as the later build's do not in this session either).
# timer-firings.sh says when the drop-in took effect.
mkdir -p "$XDG_CONFIG_HOME/systemd/user/dailyquote-.service.d"
printf '[Service]\nPrivateTmp=no\n' >"$XDG_CONFIG_HOME/systemd/user/dailyquote-.service.d/50-bench-shared-tmp.conf"
Tests/TestSupport/Harness/with-user-session.sh bench/inner/timer-firings.sh
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
