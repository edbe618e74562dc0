#!/usr/bin/env bash
# Benchmarks dailyquote side by side with the tool it replaces, with hyperfine, and writes
# docs/BENCHMARKS.md. Usage: bench/run.sh [--quick | --record | --before BINARY]   (--quick: few runs,
# to keep CI honest; --record: a quick run that writes its counted instructions into
# bench/thresholds.txt; --before: also an older build side by side with this one, bench/before-after.sh).
# Every run ends by checking the counted instructions against bench/thresholds.txt
# (bench/instructions.py): a count more than its tolerance (5%) away fails the run, CI's included.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env
runs=30
idle=60
# Alternated pairs of `notify --now` and notify-send (bench/inner/pairs.py), warm and cold.
pairs=60 pairs_cold=40
report=docs/BENCHMARKS.md
# --quick (CI) keeps the script from rotting and checks the counted instructions; its timings
# are not worth keeping.
record=0
[ "${1:-}" = "--record" ] && record=1 && set -- --quick
[ "${1:-}" = "--quick" ] && runs=3 && idle=10 && pairs=8 && pairs_cold=5 && report=/dev/stdout
before_bin=
[ "${1:-}" = "--before" ] && before_bin=$(realpath "${2:?--before needs a binary}")
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }

# The same flags as packaging/build-deb.sh, so that one build serves both.
make build >/dev/null
bin=$PWD/.build/release/dailyquote
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/config.toml" <<'TOML'
[delivery]
hour = 8
minute = 0
time_zone = "Europe/Berlin"
TOML

# Peak RSS in KiB (`/usr/bin/time`), one run; for a pipeline, its largest process.
peak_rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
: >"$work/rss"

export HOME=$work XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state
hyperfine --warmup 3 --runs "$runs" --export-json "$work/schedule.json" -N \
  -n "dailyquote schedule --count 365" "$bin schedule --config $work/config.toml --count 365 --from 2026-01-01" \
  -n "systemd-analyze calendar --iterations=365" "systemd-analyze calendar --iterations=365 --base-time=2026-01-01 '*-*-* 08:00:00 Europe/Berlin'" \
  >&2

# Delivery: one notification posted to the same dunst, by dailyquote and by notify-send.
text="While we are postponing, life speeds by."
# A local fortune file for the delivery without a cached quote: 10,000 records wrapped as
# fortune files are, with its strfile index, as a language's fortune package is read.
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(10000):
        f.write(f'Record {i} of a local fortune file, wrapped at seventy columns as fortune\nfiles are, so that its lines flow into one.\n\t\t-- Author {i % 97}\n%\n')
" "$work/local"
strfile -s "$work/local" "$work/local.dat"
export DQ_BIN=$bin BENCH_RUNS=$runs BENCH_PAIRS=$pairs BENCH_PAIRS_COLD=$pairs_cold BENCH_OUT=$work/notify.json BENCH_TEXT=$text BENCH_FORTUNE=$work/local
Tests/TestSupport/Harness/with-notification-server.sh bench/inner/notify-timings.sh >&2

# Fetching: the same local quote server, dailyquote refresh against curl | jq.
coproc SERVER { python3 Tests/TestSupport/Harness/quote_server.py; }
read -r port <&"${SERVER[0]}"
printf '[[source]]\ntype = "zenquotes"\nurl = "http://127.0.0.1:%s/zen"\n' "$port" >"$work/refresh.toml"
hyperfine --warmup 3 --runs "$runs" --export-json "$work/refresh.json" -N \
  -n "dailyquote refresh" "$bin refresh --config $work/refresh.toml" \
  -n "curl | jq" "sh -c 'curl -s http://127.0.0.1:$port/zen | jq -r .[0].q'" >&2
echo "dailyquote refresh $(peak_rss "$bin" refresh --config "$work/refresh.toml")" >>"$work/rss"
echo "curl | jq $(peak_rss sh -c "curl -s http://127.0.0.1:$port/zen | jq -r .[0].q")" >>"$work/rss"
kill "$SERVER_PID" 2>/dev/null || true

# A 100,000-record fortune file with its strfile index: picking one record, against fortune(6)
# on the same file, and against dailyquote's bare start-up (--version).
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(100000):
        f.write(f'Fortune record number {i}, long enough to be a quote.\\n\\t-- Author {i % 97}\\n%\\n')
" "$work/big"
strfile -s "$work/big" "$work/big.dat"
head -30 "$work/big" >"$work/small"
strfile -s "$work/small" "$work/small.dat"
printf '[[source]]\ntype = "fortune"\npath = "%s"\n' "$work/big" >"$work/fortune.toml"
printf '[[source]]\ntype = "fortune"\npath = "%s"\n' "$work/small" >"$work/fortune-small.toml"
hyperfine --warmup 3 --runs "$runs" --export-json "$work/fortune.json" -N \
  -n "dailyquote refresh (fortune, 100k records)" "$bin refresh --config $work/fortune.toml" \
  -n "dailyquote refresh (fortune, 10 records)" "$bin refresh --config $work/fortune-small.toml" \
  -n "dailyquote --version" "$bin --version" \
  -n "fortune" "/usr/games/fortune $work/big" >&2
rss_fortune=$(peak_rss "$bin" refresh --config "$work/fortune.toml")
{
  echo "dailyquote refresh (fortune, 100k records) $rss_fortune"
  echo "dailyquote refresh (fortune, 10 records) $(peak_rss "$bin" refresh --config "$work/fortune-small.toml")"
  echo "dailyquote --version $(peak_rss "$bin" --version)"
  echo "fortune $(peak_rss /usr/games/fortune "$work/big")"
} >>"$work/rss"


# The foreground scheduler at rest: context switches of all its threads and its RSS over
# $idle seconds, with nothing due (a delivery at 03:00 UTC, a file source).
mkdir -p "$work/idle"
printf '[delivery]\nhour = 3\ntime_zone = "UTC"\n[[source]]\ntype = "file"\npath = "/nonexistent"\n' >"$work/idle.toml"
"$bin" run --config "$work/idle.toml" 2>/dev/null &
run_pid=$!
sleep 2
switches() { cat /proc/"$run_pid"/task/*/status | awk '/ctxt_switches/ { total += $2 } END { print total }'; }
before=$(switches)
sleep "$idle"
after=$(switches)
run_threads=$(ls /proc/"$run_pid"/task | wc -l)
run_rss=$(awk '/^VmRSS/ { print $2 }' /proc/"$run_pid"/status)
kill -TERM "$run_pid"
wait "$run_pid" || true
# The holder at rest: `notify --now` against a server that keeps notifications (python3-dbusmock
# with `persistence`), then the holder's context switches (all threads) and RSS over $idle seconds.
export BENCH_IDLE=$idle DQ_BIN=$bin
holder=$(MOCK_CAPABILITIES="body body-markup persistence" Tests/TestSupport/Harness/with-notification-server.sh --server mock bench/inner/holder-at-rest.sh)
echo "holder at rest: $holder" >&2
# The presence wait at rest: `notify` waiting for a locked session to unlock.
presence=$(bench/presence-wait.sh "$bin" "$idle")
echo "presence wait at rest: $presence" >&2

stripped="$work/dailyquote.stripped"
strip --strip-unneeded -o "$stripped" "$bin"

# Punctuality of the notify timer in a real user session (root only; five firings, a minute
# apart, so only in a full run): "min median max" in ms.
# Twice: with the default buttons (dunst offers actions, so a holder posts, then moves into a
# scope of its own) and with `actions = []` (notify posts itself).
punctuality="not measured" punctuality_plain="not measured"
if [ "$report" != /dev/stdout ] && [ "$(id -u)" -eq 0 ]; then
  punctuality=$(bench/timer-punctuality.sh 5 "$bin" | tail -1)
  punctuality_plain=$(PUNCTUALITY_NOTIFICATION='actions = []' bench/timer-punctuality.sh 5 "$bin" | tail -1)
fi

# GNOME's own notifications in GNOME Shell 48 (root and a built chroot: scripts/gnome48 build; a
# full run only): `notify --now` with the default buttons against `notify-send`, 20 pairs in one
# session, medians (Tests/TestSupport/Harness/gnome48/native-scenario.sh bench).
gnome48="not measured: it needs root and the GNOME 48 chroot (scripts/gnome48 build)"
if [ "$report" != /dev/stdout ] && [ "$(id -u)" -eq 0 ] && [ -e "${GNOME48_CACHE:-.cache/gnome48}/packages.ok" ]; then
  gnome48=$(DQ=$bin GNOME48_RESULTS=$work/gnome48 scripts/gnome48 check-native bench 2>/dev/null |
    grep -E '^(notify --now|notify-send|RESULT bench)' | tr '\n' '|' || true)
  [ -n "$gnome48" ] || gnome48="not measured: the GNOME 48 session did not run"
fi

python3 - "$work/schedule.json" "$bin" "$runs" "$work/notify.json" "$work/refresh.json" "$work/fortune.json" "$rss_fortune" "$(peak_rss "$bin" schedule --config "$work/config.toml" --count 365 --from 2026-01-01)" "$(peak_rss systemd-analyze calendar --iterations=365 --base-time=2026-01-01 '*-*-* 08:00:00 Europe/Berlin')" "$idle" "$((after - before))" "$run_threads" "$run_rss" "$stripped" "$*" "$work/rss" "$punctuality" "$holder" "$presence" "$punctuality_plain" "$gnome48" >"$report" <<'PY'
import json, os, platform, subprocess, sys, datetime
data = json.load(open(sys.argv[1]))["results"]
binary, runs, notify_json, refresh_json, fortune_json, rss_fortune, rss_dq, rss_sd = sys.argv[2:10]
idle, idle_switches, run_threads, run_rss, stripped, flags, rss_file, punctuality, holder, presence, punctuality_plain, gnome48 = sys.argv[10:22]
peaks = {line.rsplit(" ", 1)[0]: int(line.rsplit(" ", 1)[1]) for line in open(rss_file) if line.strip()}
fortune = {r["command"]: r for r in json.load(open(fortune_json))["results"]}
refresh = {r["command"]: r for r in json.load(open(refresh_json))["results"]}
notify = {r["command"]: r for r in json.load(open(notify_json))["results"]}
rss_notify, rss_send = open(notify_json + ".rss").read().split()
ms = {r["command"]: r for r in data}
dq = ms["dailyquote schedule --count 365"]
sd = ms["systemd-analyze calendar --iterations=365"]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
print("# Benchmarks\n")
print(f"Measured {datetime.date.today()} on {os.cpu_count()} cores ({cpu}), Debian {open('/etc/debian_version').read().strip()},")
print(f"by `bench/run.sh` ({runs} runs each, hyperfine, release build with `--static-swift-stdlib`).")
print("All pairs ran side by side in this one run.\n")
print("| command | mean | σ | min | peak RSS |")
print("| --- | --- | --- | --- | --- |")
for r, rss in ((dq, rss_dq), (sd, rss_sd)):
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {int(rss)//1024} MiB |")
print(f"\nRatio: dailyquote takes {dq['mean']/sd['mean']:.2f}x the time of systemd-analyze for the same rule")
print("(`*-*-* 08:00:00 Europe/Berlin`, 365 elapses from 2026-01-01). Goal: under 50 ms and faster than systemd-analyze.\n")
nd, nb, ns = notify["dailyquote notify --now"], notify["dailyquote notify --now, actions = []"], notify["notify-send"]
print("## Posting a notification\n")
print("The same text posted to the same dunst (under Xvfb on a private bus), each run a whole process.\n")
print("| command | mean | σ | min | peak RSS |")
print("| --- | --- | --- | --- | --- |")
for r, rss in ((nd, rss_notify), (nb, "0"), (ns, rss_send)):
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {(str(int(rss)//1024) + ' MiB') if rss != '0' else '-'} |")
med = lambda r: r["median"]
print(f"\nRatio of the medians: `dailyquote notify --now` takes {med(nd)/med(ns):.2f}x the wall time of `notify-send` with")
print("the default buttons (dunst advertises `actions`, so a holder process posts, to answer them; goal: at most 2.5x),")
print(f"and {med(nb)/med(ns):.2f}x with `actions = []` (no holder: `notify` posts itself; goal: at most 1.5x).")
print(f"Medians: {med(nd)*1000:.1f} ms, {med(nb)*1000:.1f} ms and {med(ns)*1000:.1f} ms.\n")
cold = {r["command"]: r for r in json.load(open(notify_json + ".cold.json"))["results"]}
cd, cb, cs = cold["dailyquote notify --now"], cold["dailyquote notify --now, actions = []"], cold["notify-send"]
print("Cold, as a daily timer starts it: the same three commands with 200 ms of idle before each run (hyperfine")
print("`--prepare 'sleep 0.2'`), not back to back:\n")
print("| command (cold) | mean | σ | min | median |")
print("| --- | --- | --- | --- | --- |")
for r in (cd, cb, cs):
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {med(r)*1000:.1f} ms |")
print(f"\nRatio of the medians, cold: {med(cd)/med(cs):.2f}x `notify-send` with the default buttons (goal: at most 2.5x) and")
print(f"{med(cb)/med(cs):.2f}x with `actions = []` (goal: at most 1.5x).\n")
sys.path.insert(0, "bench/inner")
import pairs
print("Alternated pairs (`bench/inner/pairs.py`): `notify --now` and `notify-send` one after the other, the order")
print("swapped every pair, each run a whole process timed from its spawn to its exit; medians. hyperfine's rows")
print("above run each command's runs back to back (means); the goal holds only if it holds in both. Cold: 200 ms")
print(f"of idle before each run. Both tools are bimodal (about 8 or 16 ms a run): \"above {pairs.UPPER_MS:.0f} ms\" counts the")
print("runs in the upper mode.\n")
print(f"| pairs | dailyquote (median) | notify-send (median) | ratio | goal | above {pairs.UPPER_MS:.0f} ms: dailyquote, notify-send |")
print("| --- | --- | --- | --- | --- | --- |")
shapes = []
for label, suffix, goal in (("plain (`actions = []`), alternated pairs, warm", "plain", 1.5), ("plain (`actions = []`), alternated pairs, cold", "plain-cold", 1.5),
                            ("default buttons, alternated pairs, warm", "buttons", 2.5), ("default buttons, alternated pairs, cold", "buttons-cold", 2.5)):
    data, medians = pairs.summary(f"{notify_json}.pairs-{suffix}.json")
    dq_runs, send_runs = data["runs"]["dailyquote"], data["runs"]["notify-send"]
    ratio = medians["dailyquote"] / medians["notify-send"]
    print(f"| {label}, {data['rounds']} pairs | {medians['dailyquote']:.1f} ms | {medians['notify-send']:.1f} ms | {ratio:.2f}x "
          f"| ≤ {goal}x: {'met' if ratio <= goal else 'not met'} | {pairs.upper(dq_runs)}/{len(dq_runs)}, {pairs.upper(send_runs)}/{len(send_runs)} |")
    shapes.append((label, pairs.histogram(dq_runs), pairs.histogram(send_runs)))
print(f"\nRuns per {pairs.BIN_MS} ms bin (`LOW-HIGH:RUNS`, ms):\n")
for label, dq_bins, send_bins in shapes:
    print(f"- {label}: dailyquote `{dq_bins}`; notify-send `{send_bins}`")
print()
nocache = {r["command"]: r for r in json.load(open(notify_json + ".nocache.json"))["results"]}
print("Without a cached quote (the first delivery, or after a failed fetch), without buttons: a quote from the bundled")
print("collection, and one picked from a local fortune file (10,000 records, strfile-indexed, a `fortune` source), run")
print("beside `notify-send` again:\n")
print("| command | mean | σ | min |")
print("| --- | --- | --- | --- |")
for r in nocache.values():
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms |")
nsa = nocache["notify-send (again)"]
ncb = nocache["dailyquote notify --now, actions = [], no cached quote (bundled)"]
ncf = nocache["dailyquote notify --now, actions = [], no cached quote (fortune file)"]
print(f"\nRatio of the medians: {med(ncb)/med(nsa):.2f}x `notify-send` from the bundled collection and {med(ncf)/med(nsa):.2f}x from")
print("the fortune file (goal: at most 1.5x, as with a cached quote).\n")
sys.path.insert(0, "bench")
from instructions import totals
counts = totals(notify_json + ".cg")
if counts:
    print("Counted instructions (valgrind's callgrind; the same count on every run of the same binary and input):\n")
    print("| process | instructions |")
    print("| --- | --- |")
    rows = (("`notify --now`, default buttons: notify itself", "buttons"), ("… and the holder it starts (until stopped)", "hold"),
            ("`notify --now`, `actions = []`", "plain"),
            ("`notify --now`, `actions = []`, no cached quote: bundled", "nocache"),
            ("`notify --now`, `actions = []`, no cached quote: a local fortune file", "nocachefortune"),
            ("`notify-send`", "send"), ("`dailyquote --version`", "version"))
    for label, key in rows:
        if key in counts:
            print(f"| {label} | {counts[key]/1e6:.1f} million |")
    print()
rd, rc = refresh["dailyquote refresh"], refresh["curl | jq"]
print("## Fetching a quote\n")
print("The same reply from the same local server (`Tests/TestSupport/Harness/quote_server.py`), each run a whole process.\n")
print("| command | mean | σ | min | peak RSS |")
print("| --- | --- | --- | --- | --- |")
for r in (rd, rc):
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {peaks[r['command']]//1024} MiB |")
print(f"\nRatio: `dailyquote refresh` takes {rd['mean']/rc['mean']:.2f}x the wall time of `curl | jq`. Goal: not slower.")
print("It also validates the reply, checks the delivery history, takes a lock and writes the cache atomically.\n")
fp, fs = fortune["dailyquote refresh (fortune, 100k records)"], fortune["dailyquote refresh (fortune, 10 records)"]
fv, ff = fortune["dailyquote --version"], fortune["fortune"]
print("## Picking from a 100,000-record fortune file\n")
print("The file has a strfile `.dat` index; one record is read by its offset.\n")
print("| command | mean | σ | min | peak RSS |")
print("| --- | --- | --- | --- | --- |")
for r in (fp, fs, fv, ff):
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {peaks[r['command']]//1024} MiB |")
print(f"\nWork beyond process start (refresh minus --version): {(fp['mean'] - fv['mean'])*1000:.1f} ms, of which the file's size")
print(f"accounts for {(fp['mean'] - fs['mean'])*1000:.1f} ms (100,000 records against 10); the rest is the lock, the history check and")
print("the fsynced cache write that every refresh does. Goal for picking: under 5 ms.")
print(f"Against `fortune` on the same file: {fp['mean']/ff['mean']:.2f}x. Peak RSS of the refresh: {int(rss_fortune)//1024} MiB.\n")
print("## The foreground scheduler at rest\n")
print(f"`dailyquote run` with nothing due for {idle} s: {idle_switches} context switches in all its threads together")
print(f"({run_threads} thread(s)), RSS {int(run_rss)//1024} MiB. Goal: no wake-ups between events.\n")
def at_rest(title, figures, what, doing):
    print(f"## {title}\n")
    if not figures.split()[0].isdigit():
        print(f"Not measured in this run ({figures}).\n")
        return
    switches, threads, rss = figures.split()
    print(f"{what}, for {idle} s:")
    print(f"{switches} context switches in all its threads together ({threads} threads: main, GLib's gmain and gdbus),")
    print(f"RSS {int(rss)//1024} MiB. Goal: no wake-ups while it {doing}.\n")
at_rest("The holder at rest", holder, "`dailyquote hold`, keeping a notification on a server with `persistence` (python3-dbusmock)", "holds")
at_rest("The presence wait at rest", presence, "`dailyquote notify` waiting for a locked session (python3-dbusmock's logind) to unlock", "waits")
print("## Timer punctuality\n")
if punctuality.split()[0].isdigit():
    print("How late the `Notify` call comes after the planned instant under the generated timers, in a real")
    print("user session with dunst (`bench/timer-punctuality.sh`: 5 firings a minute apart, the call's time as")
    print("dbus-monitor stamps it, minus the planned instant).\n")
    print("| notification | min | median | max |")
    print("| --- | --- | --- | --- |")
    for label, figures in (("default buttons: `notify` starts the holder, which posts, then moves into a scope of its own", punctuality),
                           ("`actions = []`: `notify` posts itself", punctuality_plain)):
        if figures.split()[0].isdigit():
            low, median, high = figures.split()
            print(f"| {label} | {low} ms | {median} ms | {high} ms |")
    print()
    print("Goal: a median under 100 ms (`AccuracySec=1ms` on the notify timer; with `AccuracySec=1s` it was 0.57-1.07 s).\n")
else:
    print(f"Not measured in this run ({punctuality}): it needs root for the user-session harness.\n")
print("## GNOME Shell 48: GNOME's own notifications\n")
if gnome48.startswith("not measured"):
    print(f"Not measured in this run ({gnome48[len('not measured: '):]}).\n")
else:
    lines = [l for l in gnome48.split("|") if l]
    print("`dailyquote notify --now` with the default buttons (Copy, Save) posts with one `AddNotification` to")
    print("`org.gtk.Notifications`; `notify-send` posts the same text to the freedesktop interface. 20 pairs in one")
    print("headless GNOME Shell 48 session (Debian 13 chroot, `scripts/gnome48 check-native bench`), alternating")
    print("order, each a whole process, medians:\n")
    for l in lines:
        if l.startswith("RESULT bench"):
            verdict, rest = l.split()[2], l.split(" ratio ", 1)[1]
            print(f"\nRatio: {rest}: {'met' if verdict == 'PASS' else 'not met'}.\n")
        else:
            print(f"- {l}")
print("## Size\n")
print(f"Binary size: {os.path.getsize(binary)/1048576:.1f} MiB (`.build/release/dailyquote`, static Swift runtime),")
print(f"{os.path.getsize(stripped)/1048576:.1f} MiB stripped as in the Debian package.\n")
print("## Notes\n")
print("- `show` prints the cached quote and never reads a source, so the fortune comparison runs `refresh` with a")
print("  fortune source: that is the command that picks a record from the file.")
print(f"- Command: `bench/run.sh{(' ' + flags) if flags else ''}`.")
PY
# The user generator: its own script, so that it can be run alone (bench/generator.sh).
bench/generator.sh "$bin" "$runs" >>"$report"
[ -z "$before_bin" ] || bench/before-after.sh "$before_bin" "$bin" "$runs" 3 >>"$report"
[ "$report" = /dev/stdout ] || cat "$report"
# The counted instructions against the committed thresholds (or, with --record, written into them).
if [ "$record" = 1 ]; then
  python3 bench/instructions.py record "$work/notify.json.cg"
else
  python3 bench/instructions.py check "$work/notify.json.cg"
fi
