#!/usr/bin/env bash
# Checks that the Debian package is reproducible: the same commit, built in two directories at
# two different times (the second in another time zone and with another umask), gives
# byte-identical .debs. On a difference it runs diffoscope and fails.
#   packaging/check-reproducible.sh [COMMIT]               two clean builds (default: HEAD)
#   packaging/check-reproducible.sh --against DEB [COMMIT]  one clean build, compared with DEB,
#                                                           a package already built of COMMIT
# Each build is a fresh clone of COMMIT (no .build: SwiftPM's dependencies come from its cache,
# no network), so uncommitted changes play no part. SOURCE_DATE_EPOCH is the commit's time
# (packaging/build-deb.sh). Needs diffoscope (scripts/install-deps, group ci).
set -euo pipefail
cd "$(dirname "$0")/.."
against=
if [ "${1:-}" = "--against" ]; then against=$(realpath "$2"); shift 2; fi
commit=$(git rev-parse "${1:-HEAD}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build NAME [ENV...]: clone the commit into $work/NAME and build its package there.
build() {
  local name=$1
  shift
  git clone --quiet --no-checkout "$PWD" "$work/$name"
  git -C "$work/$name" checkout --quiet "$commit"
  local start
  start=$(date +%s)
  (cd "$work/$name" && env "$@" packaging/build-deb.sh --no-lintian) >"$work/$name.log" 2>&1 ||
    { tail -n 30 "$work/$name.log" >&2; echo "check-reproducible: the $name build failed" >&2; exit 1; }
  echo "check-reproducible: $name build: $(( $(date +%s) - start )) s" >&2
  ls "$work/$name"/dist/dailyquote_*_amd64.deb
}

if [ -n "$against" ]; then
  first=$against
else
  first=$(build a TZ=UTC)
fi
# Later, in another zone, with another umask: the man page's date, the files' times and modes,
# and anything else taken from the clock or the environment would differ.
# Not under faketime: SwiftPM's generate-manual tool hangs under it (with a faked monotonic
# clock or without). The second build comes minutes after the first, in UTC+14, where the local
# day differs from UTC's from 10:00 UTC on.
second=$(umask 0077 && build b TZ=Pacific/Kiritimati)
if cmp -s "$first" "$second"; then
  echo "check-reproducible: OK: $(sha256sum "$second" | cut -d' ' -f1) $(basename "$second"), twice from $commit"
  exit 0
fi
echo "check-reproducible: FAIL: two builds of $commit differ:" >&2
sha256sum "$first" "$second" >&2
diffoscope --no-progress --text - "$first" "$second" >&2 || true
exit 1
