#!/usr/bin/env bash
# Two builds of dailyquote side by side on the delivery path's goals, in one run on one machine:
# `notify --now` against notify-send (with and without buttons), counted instructions, the timer's
# lateness, the user generator, `refresh` and `run` at rest. Prints a Markdown section; bench/run.sh --before BINARY
# appends it to docs/BENCHMARKS.md.
# Usage: bench/before-after.sh BEFORE AFTER [RUNS] [FIRINGS]   (default 30 runs, 3 firings each)
set -euo pipefail
cd "$(dirname "$0")/.."
before=$(realpath "$1")
after=$(realpath "$2")
runs=${3:-30}
firings=${4:-3}
for bin in "$before" "$after"; do [ -x "$bin" ] || { echo "before-after: no binary at $bin" >&2; exit 1; }; done
work=$(mktemp -d)
# The generator writes in a tmpfs, as systemd runs it (its directories are under /run).
gen=$(mktemp -d -p /dev/shm)
trap 'rm -rf "$work" "$gen"' EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state
# valgrind cannot read the release build's DWARF: each binary without it (symbols kept), named
# dailyquote, as a holder checks the command line of the holder it takes over from.
mkdir -p "$work/before" "$work/after"
strip --strip-debug -o "$work/before/dailyquote" "$before"
strip --strip-debug -o "$work/after/dailyquote" "$after"
export BA_WORK=$work BA_RUNS=$runs BA_TEXT="While we are postponing, life speeds by."

# One dunst, one hyperfine: the four dailyquote commands and notify-send, interleaved by hyperfine's
# order within each command's runs, on the same bus; then the same in alternated rounds (medians).
Tests/TestSupport/Harness/with-notification-server.sh bench/inner/before-after-notify.sh >&2

# The timer: the same user-session firings for each build (root only).
late_before="not measured" late_after="not measured"
if [ "$(id -u)" -eq 0 ] && [ "$firings" -gt 0 ]; then
  late_before=$(bench/timer-punctuality.sh "$firings" "$before" | tail -1)
  late_after=$(bench/timer-punctuality.sh "$firings" "$after" | tail -1)
fi

# The generator: both builds in one hyperfine, the absolute style (Berlin 02:30).
# The binary is the generator when it is called dailyquote-generator.
mkdir -p "$gen/home/.config/dailyquote" "$gen/runtime" "$gen/out" "$gen/before" "$gen/after"
printf '[delivery]\nhour = 2\nminute = 30\ntime_zone = "Europe/Berlin"\n' >"$gen/home/.config/dailyquote/config.toml"
ln -s "$before" "$gen/before/dailyquote-generator"
ln -s "$after" "$gen/after/dailyquote-generator"
clean_env="env -i HOME=$gen/home XDG_RUNTIME_DIR=$gen/runtime PATH=/usr/bin:/bin"
hyperfine --warmup 3 --runs "$runs" --export-json "$work/generator.json" -N \
  --prepare "sh -c 'rm -rf $gen/out && mkdir $gen/out'" \
  -n "before: generator" "$clean_env $gen/before/dailyquote-generator $gen/out $gen/out $gen/out" \
  -n "after: generator" "$clean_env $gen/after/dailyquote-generator $gen/out $gen/out $gen/out" >&2

# refresh: both builds in one hyperfine, against the same local quote server (loopback only).
coproc SERVER { python3 Tests/TestSupport/Harness/quote_server.py; }
read -r port <&"${SERVER[0]}"
printf '[[source]]\ntype = "zenquotes"\nurl = "http://127.0.0.1:%s/zen"\n' "$port" >"$work/refresh.toml"
hyperfine --warmup 3 --runs "$runs" --export-json "$work/refresh.json" -N \
  -n "before: refresh" "$before refresh --config $work/refresh.toml" \
  -n "after: refresh" "$after refresh --config $work/refresh.toml" >&2
# `run` at rest: each build's foreground scheduler after one fetch from that server (no cached
# quote and its refresh due, so it fetches at its start), nothing else due; then the context switches of all its threads,
# its threads and its RSS (KiB) over BA_IDLE seconds (default 60).
idle=${BA_IDLE:-60}
# The delivery 30 minutes ahead and the refresh an hour before it: the fetch is due at once.
printf '[delivery]\nhour = %d\nminute = %d\ntime_zone = "UTC"\n[refresh]\nlead = "1h"\n[[source]]\ntype = "zenquotes"\nurl = "http://127.0.0.1:%s/zen"\n' \
  "$((10#$(date -u -d '+30 min' +%H)))" "$((10#$(date -u -d '+30 min' +%M)))" "$port" >"$work/idle.toml"
at_rest() {
  rm -f "$XDG_CACHE_HOME/dailyquote/quote.json"
  "$1" run --config "$work/idle.toml" 2>/dev/null &
  local pid=$! fetched=no
  for _ in $(seq 200); do [ -s "$XDG_CACHE_HOME/dailyquote/quote.json" ] && fetched=yes && break; sleep 0.05; done
  sleep 2
  local count="cat /proc/$pid/task/*/status | awk '/ctxt_switches/ { t += \$2 } END { print t }'"
  local first last
  first=$(eval "$count")
  sleep "$idle"
  last=$(eval "$count")
  echo "$((last - first)) $(find /proc/$pid/task -mindepth 1 -maxdepth 1 | wc -l) $(awk '/^VmRSS/ { print $2 }' /proc/$pid/status) $fetched"
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
}
rest_before=$(at_rest "$before")
rest_after=$(at_rest "$after")
kill "$SERVER_PID" 2>/dev/null || true

python3 - "$work" "$late_before" "$late_after" "$runs" "$firings" "$rest_before" "$rest_after" "$idle" <<'PY'
import glob, json, os, re, sys
work, late_before, late_after, runs, firings, rest_before, rest_after, idle = sys.argv[1:9]

def means(path):
    return {r["command"]: r["mean"] * 1000 for r in json.load(open(path))["results"]}

def instructions(path):
    for line in open(path, errors="replace"):
        if line.startswith("summary:"):
            return int(line.split()[1])
    return 0

def counted(which):
    """(notify, holder) with buttons, and notify without: notify's files are buttons.PID and buttons.PID.N."""
    files = glob.glob(f"{work}/cg-{which}/buttons.*")
    parted = {os.path.basename(p).split(".")[1] for p in files if os.path.basename(p).count(".") == 2}
    notify = sum(instructions(p) for p in files if os.path.basename(p).split(".")[1] in parted)
    holder = sum(instructions(p) for p in files if os.path.basename(p).split(".")[1] not in parted)
    return (notify, holder), instructions(f"{work}/cg-{which}/plain")

wall = means(f"{work}/notify.json")
send = wall["notify-send"]
cold = means(f"{work}/notify.cold.json")
cold_send = cold["notify-send"]
gen = means(f"{work}/generator.json")
cg = {w: counted(w) for w in ("before", "after")}

def ratio(name):
    return wall[name] / send

print("## Before and after\n")
print("Two builds in one run (`bench/before-after.sh`, from `bench/run.sh --before BINARY`): the same dunst,")
print(f"one hyperfine of {runs} runs each (means), {runs} alternated rounds of before, after and notify-send, the order")
print("rotated every round (`bench/inner/pairs.py`, medians; warm, and cold with 200 ms idle before each run),")
print(f"callgrind for the counted instructions, the same user session for the timer ({firings} firings each,")
print("`min median max` ms).\n")
print("| measure | goal | before | after |")
print("| --- | --- | --- | --- |")
for label, name, goal in (("`notify --now`, default buttons", "notify --now", 2.5), ("`notify --now`, `actions = []`", "notify --now, actions = []", 1.5)):
    b, a = ratio(f"before: {name}"), ratio(f"after: {name}")
    print(f"| {label}, ratio to notify-send ({send:.1f} ms) | ≤ {goal}x | {b:.2f}x ({wall['before: ' + name]:.1f} ms) | {a:.2f}x ({wall['after: ' + name]:.1f} ms) |")
for label, name, goal in (("`notify --now` cold, default buttons", "notify --now", 2.5), ("`notify --now` cold, `actions = []`", "notify --now, actions = []", 1.5)):
    b, a = cold[f"before: {name}"] / cold_send, cold[f"after: {name}"] / cold_send
    print(f"| {label}, ratio to notify-send ({cold_send:.1f} ms; 200 ms idle before each run) | ≤ {goal}x | {b:.2f}x ({cold['before: ' + name]:.1f} ms) | {a:.2f}x ({cold['after: ' + name]:.1f} ms) |")
sys.path.insert(0, "bench/inner")
import pairs
for label, suffix, goal in (("plain (`actions = []`), alternated rounds, warm", "plain", 1.5), ("plain (`actions = []`), alternated rounds, cold", "plain-cold", 1.5),
                            ("default buttons, alternated rounds, warm", "buttons", 2.5), ("default buttons, alternated rounds, cold", "buttons-cold", 2.5)):
    data, medians = pairs.summary(f"{work}/pairs-{suffix}.json")
    send_median = medians["notify-send"]
    def cell(which):
        return f"{medians[which] / send_median:.2f}x ({medians[which]:.1f} ms, above {pairs.UPPER_MS:.0f} ms: {pairs.upper(data['runs'][which])}/{len(data['runs'][which])})"
    send_upper = f"{pairs.upper(data['runs']['notify-send'])}/{len(data['runs']['notify-send'])}"
    print(f"| `notify --now`, {label}: ratio of the medians to notify-send's ({send_median:.1f} ms, above {pairs.UPPER_MS:.0f} ms: {send_upper}) | ≤ {goal}x | {cell('before')} | {cell('after')} |")
for label, index in (("instructions, default buttons (notify + the holder it forks, M)", 0), ("instructions, `actions = []` (M)", 1)):
    def total(w):
        v = cg[w][index]
        return sum(v) if isinstance(v, tuple) else v
    def fmt(w):
        v = cg[w][index]
        return f"{v[0] / 1e6:.1f} + {v[1] / 1e6:.1f} = {sum(v) / 1e6:.1f}" if isinstance(v, tuple) else f"{v / 1e6:.1f}"
    change = (total("after") / total("before") - 1) * 100 if total("before") else 0
    print(f"| {label} | ≤ +5% | {fmt('before')} | {fmt('after')} ({change:+.1f}%) |")
print(f"| timer lateness, default buttons (ms) | median < 100 | {late_before} | {late_after} |")
print(f"| user generator, Berlin 02:30 (ms) | < 10 | {gen['before: generator']:.1f} | {gen['after: generator']:.1f} |")
ref = means(f"{work}/refresh.json")
print(f"| `refresh` from a local quote server (ms, mean) | as before or less | {ref['before: refresh']:.1f} | {ref['after: refresh']:.1f} |")
def rest(text):
    switches, threads, rss, fetched = text.split()
    return f"{switches} switches, {threads} thread(s), {int(rss) / 1024:.1f} MiB" + ("" if fetched == "yes" else " (no fetch seen)")
print(f"| `run` at rest after one fetch, {idle} s: context switches, threads, RSS | 0 switches | {rest(rest_before)} | {rest(rest_after)} |")
print()
PY
