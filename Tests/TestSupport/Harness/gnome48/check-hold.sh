#!/bin/bash
# scripts/gnome48 check-hold [SCENARIO...]: does a quote posted by `dailyquote notify --now`
# stay in GNOME Shell 48's tray after notify has exited? (issue 11: GNOME 46+ removes a
# notification matched to an installed app when its sender leaves the bus.)
#
# Each scenario runs in a fresh session (Tests/TestSupport/Harness/gnome48/hold-scenario.sh says what each
# checks). Since issue 20, `notify` posts through GNOME's own interface wherever the desktop entry
# of dailyquote's application id is installed (scripts/gnome48 check-native checks that path);
# these scenarios install no entry, as after a bare build, so `notify` falls back to the
# freedesktop path and its holder: this is the check of the holder path on GNOME 48. Default
# scenarios:
#   holder      built-in defaults                                  must PASS
#   replace     a second delivery replaces the first               must PASS
#   control     notify-send from an app with no .desktop file      must PASS
#   exact-text  the label shows `3 < 5 && 7 > 2 — "quotes" & 'marks' 🙂` and an RTL run
#               exactly                                            must PASS
#   bus-dies    the session bus dies under the holder: it ends,
#               and nothing is posted twice                        must PASS
#   no-holder   notification.hold = "0"                            informative (GNOME 46+ removes a
#                                                                  notification matched to an app
#                                                                  when its sender leaves; with no
#                                                                  entry installed nothing matches)
# Prints the evidence, then a summary; exits 0 when every "must PASS" scenario passed.
# Logs of each session are kept in $GNOME48_RESULTS (default .cache/gnome48/results/SCENARIO).
set -uo pipefail

here=$(cd "$(dirname "$0")/../../../.." && pwd)
results=${GNOME48_RESULTS:-$here/.cache/gnome48/results}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(holder replace control exact-text bus-dies no-holder)
dq=${DQ:-$here/.build/release/dailyquote}
[ -x "$dq" ] || { echo "check-hold: no dailyquote binary at $dq (run make build, or set DQ)" >&2; exit 1; }

. "$here/Tests/TestSupport/Harness/session-checks.sh"
for scenario in "${scenarios[@]}"; do
  informative=()
  [ "$scenario" != no-holder ] || informative=(--informative)
  session_check "$scenario" "${informative[@]}" env GNOME48_KEEP_LOGS="$results/$scenario" "$here/scripts/gnome48" run \
    --file "$here/packaging/icons/dailyquote.svg=/usr/share/icons/hicolor/scalable/apps/dailyquote.svg" -- \
    /src/Tests/TestSupport/Harness/gnome48/hold-scenario.sh "$scenario"
done
session_summary "GNOME Shell 48" check-hold
