#!/bin/bash
# scripts/gnome48 check-portal: what libnotify does with xdg-desktop-portal (gtk backend)
# running beside GNOME Shell 48, unconfined and as under Flatpak/Snap (NOTIFY_FORCE_PORTAL=1).
# The evidence is printed and kept in $GNOME48_RESULTS/portal (default .cache/gnome48/results).
set -uo pipefail
here=$(cd "$(dirname "$0")/../../../.." && pwd)
results=${GNOME48_RESULTS:-$here/.cache/gnome48/results}
rm -rf "${results:?}/portal"
mkdir -p "$results"
# The application id's desktop entry, as the package installs it (notify then takes GNOME's own
# interface; libnotify's portal path is what a fallback would meet).
staged=$(mktemp -d)
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/Tests/TestSupport/Harness/lib.sh"
at_exit rm -rf "$staged"
"$here/packaging/stage-app.sh" "$staged" /usr/local
app=io.github.dailyquote.DailyQuote
GNOME48_KEEP_LOGS="$results/portal" "$here/scripts/gnome48" run \
    --file "$staged/usr/local/share/applications/$app.desktop=/usr/local/share/applications/$app.desktop" \
    --file "$here/packaging/icons/dailyquote.svg=/usr/share/icons/hicolor/scalable/apps/dailyquote.svg" -- \
  /src/Tests/TestSupport/Harness/gnome48/portal-scenario.sh | tee "$results/portal.out"
status=${PIPESTATUS[0]}
mv "$results/portal.out" "$results/portal/output.txt"
exit "$status"
