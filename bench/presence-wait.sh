#!/usr/bin/env bash
# The presence wait at rest: `notify` with a delivery due while the session is locked
# (python3-dbusmock's logind on a private system bus, the mock notification server), then the
# waiting process's context switches (all threads) and RSS over IDLE seconds.
#   bench/presence-wait.sh BIN IDLE   prints "SWITCHES THREADS RSS_KIB", or why it could not.
set -euo pipefail
cd "$(dirname "$0")/.."
export DQ_BIN=${1:?BIN} BENCH_IDLE=${2:?IDLE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state TZ=UTC
# Due now: the current minute, with an hour's catch-up (the wait ends at the unlock, long before).
printf '[delivery]\nhour = %d\nminute = %d\ncatch_up = "1h"\n' "$((10#$(date -u +%H)))" "$((10#$(date -u +%M)))" >"$work/now.toml"
export BENCH_CONFIG=$work/now.toml
MOCK_CAPABILITIES="body body-markup" Tests/TestSupport/Harness/with-notification-server.sh --server mock \
  Tests/TestSupport/Harness/with-presence-mocks.sh --logind bench/inner/presence-wait-at-rest.sh
