#!/bin/bash
# scripts/gnome48 check-native [SCENARIO...]: GNOME's own notification API in GNOME Shell 48
# (issue 20). Each scenario runs in a fresh session (native-scenario.sh says what each checks),
# with the files of dailyquote's application id installed as the package has them
# (packaging/stage-app.sh, PREFIX=/usr/local, where the chroot's binary is), and the session bus
# seeing /usr/local/share/dbus-1/services. `fallback` runs without the desktop entry.
# Default scenarios: native buttons restart fallback; all must PASS.
# Logs of each session are kept in $GNOME48_RESULTS (default .cache/gnome48/results-native/SCENARIO).
set -uo pipefail

here=$(cd "$(dirname "$0")/../../../.." && pwd)
results=${GNOME48_RESULTS:-$here/.cache/gnome48/results-native}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(native buttons restart fallback)
dq=${DQ:-$here/.build/release/dailyquote}
[ -x "$dq" ] || { echo "check-native: no dailyquote binary at $dq (run make build, or set DQ)" >&2; exit 1; }

staged=$(mktemp -d)
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/Tests/TestSupport/Harness/lib.sh"
at_exit rm -rf "$staged"
"$here/packaging/stage-app.sh" "$staged" /usr/local
appid=io.github.dailyquote.DailyQuote
files=(--file "$staged/usr/local/share/dbus-1/services/$appid.service=/usr/local/share/dbus-1/services/$appid.service"
  --file "$staged/usr/local/share/icons/hicolor/scalable/apps/$appid.svg=/usr/local/share/icons/hicolor/scalable/apps/$appid.svg")
entry=(--file "$staged/usr/local/share/applications/$appid.desktop=/usr/local/share/applications/$appid.desktop")

. "$here/Tests/TestSupport/Harness/session-checks.sh"
for scenario in "${scenarios[@]}"; do
  with=("${files[@]}")
  [ "$scenario" = fallback ] || with+=("${entry[@]}")
  session_check "$scenario" env GNOME48_ENV="GNOME48_SERVICE_DIRS=/usr/local/share/dbus-1/services ${GNOME48_ENV:-}" \
    GNOME48_KEEP_LOGS="$results/$scenario" "$here/scripts/gnome48" run "${with[@]}" -- \
    /src/Tests/TestSupport/Harness/gnome48/native-scenario.sh "$scenario"
done
session_summary "GNOME Shell 48, GNOME's own notifications" check-native
