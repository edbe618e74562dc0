#!/usr/bin/env bash
# Times the systemd user generator (the binary run as dailyquote-generator) with hyperfine and
# prints a Markdown section for docs/BENCHMARKS.md. bench/run.sh appends it there.
#   bench/generator.sh [BINARY] [RUNS]   (default: .build/release/dailyquote, 30 runs)
# Each run is a whole process writing the units and links into an emptied directory,
# with the environment a user manager gives its generators (HOME, XDG_RUNTIME_DIR, no TZ).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/dailyquote}")
runs=${2:-30}
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
[ -x "$bin" ] || { echo "bench: no binary at $bin (make build)" >&2; exit 1; }
# In a tmpfs, as systemd runs a generator (its output directories are under /run): the units
# are written through AtomicFile, whose fsyncs would time a disk no generator writes to.
work=$(mktemp -d -p /dev/shm)
trap 'rm -rf "$work"' EXIT
ln -s "$bin" "$work/dailyquote-generator"
mkdir -p "$work/home/.config/dailyquote" "$work/home8/.config/dailyquote" "$work/runtime" "$work/out"
# 02:30 is in Berlin's March gap: the generator lists the planned instants (the absolute style).
cat >"$work/home/.config/dailyquote/config.toml" <<'TOML'
[delivery]
hour = 2
minute = 30
time_zone = "Europe/Berlin"
TOML
# 08:00 is far from any change: one calendar line.
sed 's/^hour = 2/hour = 8/; s/^minute = 30/minute = 0/' "$work/home/.config/dailyquote/config.toml" >"$work/home8/.config/dailyquote/config.toml"
# systemd's own user generator, for scale (it reads every autostart .desktop file).
reference=/usr/lib/systemd/user-generators/systemd-xdg-autostart-generator

clean_env=(env -i HOME="$work/home" XDG_RUNTIME_DIR="$work/runtime" PATH=/usr/bin:/bin)
prepare="sh -c 'rm -rf $work/out && mkdir $work/out'"
args=(--warmup 3 --runs "$runs" --export-json "$work/generator.json" -N --prepare "$prepare"
  -n "dailyquote-generator (Berlin 02:30: the absolute style)" "${clean_env[*]} $work/dailyquote-generator $work/out $work/out $work/out"
  -n "dailyquote-generator (Berlin 08:00: the calendar style)" "${clean_env[*]/$work\/home/$work/home8} $work/dailyquote-generator $work/out $work/out $work/out"
  -n "dailyquote --version (process start)" "${clean_env[*]} $bin --version"
  -n "env -i true (the env wrapper alone)" "${clean_env[*]} true")
[ -x "$reference" ] && args+=(-n "systemd-xdg-autostart-generator" "${clean_env[*]} $reference $work/out $work/out $work/out")
hyperfine "${args[@]}" >&2
rm -rf "$work/out" && mkdir "$work/out"
"${clean_env[@]}" "$work/dailyquote-generator" "$work/out" "$work/out" "$work/out"
units=$(find "$work/out" -maxdepth 1 -type f | wc -l)

python3 - "$work/generator.json" "$units" "$(uptime | sed 's/.*load average: //')" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
units, load = sys.argv[2], sys.argv[3]
print("\n## The user generator\n")
print("`dailyquote-generator` (the binary under that name, as `/usr/lib/systemd/user-generators/` runs it),")
print(f"writing {units} units and their links into an emptied directory, each run a whole process")
print(f"(`bench/generator.sh`; load average at the end: {load}).\n")
print("| command | mean | σ | min | max |")
print("| --- | --- | --- | --- | --- |")
for r in results:
    print(f"| `{r['command']}` | {r['mean']*1000:.1f} ms | {r['stddev']*1000:.1f} ms | {r['min']*1000:.1f} ms | {r['max']*1000:.1f} ms |")
generator = max(results[:2], key=lambda r: r["mean"])
print(f"\nGoal: under 10 ms. The generator's slower mean is {generator['mean']*1000:.1f} ms "
      f"({'met' if generator['mean'] < 0.010 else 'NOT met'}); the `env -i` wrapper every row pays is in its own row.\n")
PY
