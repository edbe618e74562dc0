#!/bin/bash
# scripts/plasma6 check [--wayland] [CHECK...]: dailyquote on KDE Plasma 6 (Debian 13), day
# after day (issue 38); with --wayland, in Plasma's own Wayland session (issue 45). Each check
# runs in a fresh session (Tests/TestSupport/Harness/plasma6/scenario.py says what each
# checks), with dailyquote installed as the package installs it for Plasma: the binary ($DQ, at
# /usr/local/bin), its desktop entry and icons (packaging/stage-app.sh; Exec= names the binary
# where it is) and its KNotifications file (in /usr/share/knotifications6, as stage-app.sh
# renders it).
# Default checks: series history buttons holder (with --wayland, and locked); all must PASS.
# On Wayland nothing can hold a popup under the pointer: buttons and holder run with Plasma's
# popup timeout at 60 s, time for the presses (plasmanotifyrc here, installed at /usr/local/etc,
# first in XDG_CONFIG_DIRS).
# Prints the evidence, then a summary; exits 0 when every check passed. Logs of each session are
# kept in $PLASMA6_RESULTS (default $PLASMA6_CACHE/results/CHECK, or .cache/plasma6/results/CHECK;
# with --wayland, results/wayland/CHECK).
set -uo pipefail

here=$(cd "$(dirname "$0")/../../../.." && pwd)
results=${PLASMA6_RESULTS:-${PLASMA6_CACHE:-$here/.cache/plasma6}/results}
wayland=()
if [ "${1:-}" = --wayland ]; then
  wayland=(--wayland)
  results=$results/wayland
  shift
fi
checks=("$@")
[ ${#checks[@]} -gt 0 ] || checks=(series history buttons holder ${wayland:+locked})
dq=${DQ:-$here/.build/release/dailyquote}
[ -x "$dq" ] || { echo "plasma6 check: no dailyquote binary at $dq (run make build, or set DQ)" >&2; exit 1; }

staged=$(mktemp -d)
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/Tests/TestSupport/Harness/lib.sh"
at_exit rm -rf "$staged"
"$here/packaging/stage-app.sh" "$staged" /usr/local >/dev/null
appid=io.github.dailyquote.DailyQuote
share=$staged/usr/local/share
notifyrc=$share/knotifications6/dailyquote.notifyrc
[ -f "$notifyrc" ] || { echo "plasma6 check: packaging/stage-app.sh made no $notifyrc" >&2; exit 1; }
files=(--file "$share/applications/$appid.desktop=/usr/share/applications/$appid.desktop"
  --file "$notifyrc=/usr/share/knotifications6/dailyquote.notifyrc")
for icon in "$share"/icons/hicolor/*/apps/"$appid".*; do
  files+=(--file "$icon=/usr/share/${icon#"$share"/}")
done

. "$here/Tests/TestSupport/Harness/session-checks.sh"
for check in "${checks[@]}"; do
  extra=() env=${PLASMA6_ENV:-}
  if [ ${#wayland[@]} -gt 0 ] && { [ "$check" = buttons ] || [ "$check" = holder ]; }; then
    extra=(--file "$here/Tests/TestSupport/Harness/plasma6/plasmanotifyrc=/usr/local/etc/plasmanotifyrc")
    env="$env XDG_CONFIG_DIRS=/usr/local/etc:/etc/xdg"
  fi
  session_check "$check" env DQ="$dq" PLASMA6_KEEP_LOGS="$results/$check" PLASMA6_ENV="$env" "$here/scripts/plasma6" run \
    "${wayland[@]}" "${files[@]}" "${extra[@]}" -- /src/Tests/TestSupport/Harness/plasma6/scenario.py "$check"
done
session_summary "KDE Plasma 6${wayland:+ (Wayland)}" "plasma6 check${wayland:+ --wayland}"
