#!/bin/bash
# scripts/plasma6 check [CHECK...]: dailyquote on KDE Plasma 6 (Debian 13), day after day
# (issue 38). Each check runs in a fresh session (Tests/Support/plasma6/scenario.py says what
# each checks), with dailyquote installed as the package installs it for Plasma: the binary
# ($DQ, at /usr/local/bin), its desktop entry and icons (packaging/stage-app.sh; Exec= names the
# binary where it is) and its KNotifications file (in /usr/share/knotifications6, as stage-app.sh
# renders it).
# Default checks: series history buttons holder; all must PASS.
# Prints the evidence, then a summary; exits 0 when every check passed. Logs of each session are
# kept in $PLASMA6_RESULTS (default $PLASMA6_CACHE/results/CHECK, or .cache/plasma6/results/CHECK).
set -uo pipefail

here=$(cd "$(dirname "$0")/../../.." && pwd)
results=${PLASMA6_RESULTS:-${PLASMA6_CACHE:-$here/.cache/plasma6}/results}
checks=("$@")
[ ${#checks[@]} -gt 0 ] || checks=(series history buttons holder)
dq=${DQ:-$here/.build/release/dailyquote}
[ -x "$dq" ] || { echo "plasma6 check: no dailyquote binary at $dq (run make build, or set DQ)" >&2; exit 1; }

staged=$(mktemp -d)
trap 'rm -rf "$staged"' EXIT
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

summary=() failed=0
start=$(date +%s.%N)
for check in "${checks[@]}"; do
  echo "=== $check"
  rm -rf "${results:?}/$check"
  mkdir -p "$results"
  t0=$(date +%s.%N)
  DQ=$dq PLASMA6_KEEP_LOGS="$results/$check" "$here/scripts/plasma6" run "${files[@]}" -- \
    /src/Tests/Support/plasma6/scenario.py "$check" | tee "$results.$check.out"
  status=${PIPESTATUS[0]}
  mkdir -p "$results/$check" && mv "$results.$check.out" "$results/$check/output.txt"
  line=$(grep '^RESULT ' "$results/$check/output.txt" | tail -n1)
  [ -n "$line" ] || line="RESULT $check FAIL the session did not run (status $status)"
  line="$line [$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s]"
  summary+=("$line")
  [ "$status" -eq 0 ] || failed=1
done

echo
echo "=== summary (KDE Plasma 6, $(date -u +%FT%TZ), $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }') s in all)"
printf '%s\n' "${summary[@]}"
[ $failed = 0 ] && echo "plasma6 check: PASS" || echo "plasma6 check: FAIL"
exit $failed
