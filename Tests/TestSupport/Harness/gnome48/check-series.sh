#!/bin/bash
# scripts/gnome48 check-series [SCENARIO...]: a daily user's series on GNOME Shell 48 (issue 38):
# the first quote's banner goes (the pointer moves, as a user who comes back), then the next
# delivery's quote must be drawn and be alone in the tray (series-scenario.sh says how).
# Scenarios, each in a fresh session, all must PASS:
#   native  with the files of dailyquote's application id installed as the package has them
#           (packaging/stage-app.sh, PREFIX=/usr/local): GNOME's own interface
#   holder  without the desktop entry: the freedesktop path and its holder
# Logs of each session are kept in $GNOME48_RESULTS (default .cache/gnome48/results-series/SCENARIO).
set -uo pipefail

here=$(cd "$(dirname "$0")/../../../.." && pwd)
results=${GNOME48_RESULTS:-$here/.cache/gnome48/results-series}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(native holder)
dq=${DQ:-$here/.build/release/dailyquote}
[ -x "$dq" ] || { echo "check-series: no dailyquote binary at $dq (run make build, or set DQ)" >&2; exit 1; }

staged=$(mktemp -d)
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/Tests/TestSupport/Harness/lib.sh"
at_exit rm -rf "$staged"
"$here/packaging/stage-app.sh" "$staged" /usr/local
appid=io.github.dailyquote.DailyQuote
icon=(--file "$staged/usr/local/share/icons/hicolor/scalable/apps/$appid.svg=/usr/local/share/icons/hicolor/scalable/apps/$appid.svg")
app=(--file "$staged/usr/local/share/dbus-1/services/$appid.service=/usr/local/share/dbus-1/services/$appid.service"
  --file "$staged/usr/local/share/applications/$appid.desktop=/usr/local/share/applications/$appid.desktop")

. "$here/Tests/TestSupport/Harness/session-checks.sh"
for scenario in "${scenarios[@]}"; do
  with=("${icon[@]}")
  [ "$scenario" = holder ] || with+=("${app[@]}")
  session_check "$scenario" env GNOME48_ENV="GNOME48_SERVICE_DIRS=/usr/local/share/dbus-1/services ${GNOME48_ENV:-}" \
    GNOME48_KEEP_LOGS="$results/$scenario" "$here/scripts/gnome48" run "${with[@]}" -- \
    /src/Tests/TestSupport/Harness/gnome48/series-scenario.sh "$scenario"
done
session_summary "GNOME Shell 48, the series" check-series
