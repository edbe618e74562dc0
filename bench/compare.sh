#!/usr/bin/env bash
# Two builds of dailyquote side by side, in one run: start-up (--version), `notify --now` to
# one dunst on a private bus, and `run` at rest (context switches over N seconds, RSS).
# For a change that must not cost speed (issue 13's wiring). Usage:
#   [AFTER_NOTIFY_ARGS=...] bench/compare.sh BEFORE_BINARY AFTER_BINARY [RUNS] [IDLE_SECONDS]
# AFTER_NOTIFY_ARGS is added to the after binary's `notify --now` (for a key the before binary lacks).
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1 after=$2 runs=${3:-50} idle=${4:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state TZ=UTC

hyperfine --warmup 5 --runs "$runs" -N --export-json "$work/version.json" \
  -n "before --version" "$before --version" -n "after --version" "$after --version" >&2

export BEFORE=$before AFTER=$after RUNS=$runs OUT=$work/notify.json AFTER_NOTIFY_ARGS=${AFTER_NOTIFY_ARGS:-}
Tests/TestSupport/Harness/with-notification-server.sh bench/inner/compare-notify.sh >&2

printf '[delivery]\nhour = 3\ntime_zone = "UTC"\n[[source]]\ntype = "file"\npath = "/nonexistent"\n' >"$work/idle.toml"
at_rest() {
  "$1" run --config "$work/idle.toml" 2>/dev/null &
  local pid=$!
  sleep 2
  local count='cat /proc/'$pid'/task/*/status | awk "/ctxt_switches/ { t += \$2 } END { print t }"'
  local first; first=$(eval "$count")
  sleep "$idle"
  local last; last=$(eval "$count")
  local rss; rss=$(awk '/VmRSS/ { print $2 }' /proc/$pid/status)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$((last - first)) $rss"
}
read -r before_switches before_rss < <(at_rest "$before")
read -r after_switches after_rss < <(at_rest "$after")

python3 - "$work/version.json" "$work/notify.json" "$idle" "$before_switches" "$before_rss" "$after_switches" "$after_rss" <<'PY'
import json, sys
version, notify, idle, bs, br, as_, ar = sys.argv[1:]
print("| measure | before | after | after / before |")
print("| --- | --- | --- | --- |")
for path in (version, notify):
    results = json.load(open(path))["results"]
    b, a = results[0], results[1]
    name = b["command"].removeprefix("before ")
    print(f"| `{name}` (mean ± σ) | {b['mean']*1000:.2f} ± {b['stddev']*1000:.2f} ms | {a['mean']*1000:.2f} ± {a['stddev']*1000:.2f} ms | {a['mean']/b['mean']:.3f} |")
print(f"| `run` at rest, {idle} s: context switches | {bs} | {as_} | |")
print(f"| `run` at rest: RSS | {int(br)//1024} MiB | {int(ar)//1024} MiB | {int(ar)/int(br):.3f} |")
PY
