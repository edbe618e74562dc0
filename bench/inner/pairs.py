#!/usr/bin/env python3
"""Alternated A/B runs: each command a whole process, timed one after the other, the order
rotated every round, so that a drift of the machine (another build, a cooling cache) falls on
every command alike; medians, not means, since both dailyquote and notify-send are bimodal.

  pairs.py run OUT ROUNDS IDLE ::: NAME ARG... [::: NAME ARG...]...
      ROUNDS rounds of every command (its ARGs: a program and its arguments, no shell), in an
      order rotated every round (two commands: alternated pairs); IDLE seconds of sleep before
      each run (0: back to back); writes OUT (JSON)
  pairs.py show OUT...
      a plain-text summary of each OUT, for the log

Each run is timed from just before posix_spawn to waitpid's return (perf_counter_ns), with its
output on /dev/null: a process that leaves a child behind (notify's holder) is timed until it
exits itself, as hyperfine times it. wait4's rusage is kept beside each time (context
switches, page faults, CPU time), to see what puts a run in one mode or the other.
bench/run.sh and bench/before-after.sh build their Markdown rows with ``summary``.
"""
import json
import os
import statistics
import sys
import time

# The two modes (about 8 and 16 ms a run on the machine that found them): the share of
# runs above this is the share in the upper one.
UPPER_MS = 12.0
BIN_MS = 2


def run_once(argv):
    """One whole process: (wall ms, rusage dict)."""
    actions = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"pairs: {argv[0]} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, {
        "user_ms": usage.ru_utime * 1000, "system_ms": usage.ru_stime * 1000,
        "voluntary": usage.ru_nvcsw, "involuntary": usage.ru_nivcsw, "minor_faults": usage.ru_minflt,
    }


def measure(out, rounds, idle, commands):
    names = [name for name, _ in commands]
    runs = {name: [] for name in names}
    # One untimed round first: the page cache and the server's first-client work out of the way.
    for _, argv in commands:
        run_once(argv)
    for index in range(rounds):
        shift = index % len(commands)
        for position, (name, argv) in enumerate(commands[shift:] + commands[:shift]):
            if idle:
                time.sleep(idle)
            ms, usage = run_once(argv)
            runs[name].append({"ms": ms, "round": index, "position": position, **usage})
    json.dump({"rounds": rounds, "idle": idle, "order": names, "runs": runs}, open(out, "w"), indent=1)


def median(runs):
    return statistics.median(r["ms"] for r in runs)


def upper(runs):
    """How many runs lie above UPPER_MS."""
    return sum(r["ms"] > UPPER_MS for r in runs)


def histogram(runs):
    """Runs per BIN_MS-wide bin, '8-10:12 10-12:3', empty bins left out."""
    bins = {}
    for r in runs:
        low = int(r["ms"] // BIN_MS) * BIN_MS
        bins[low] = bins.get(low, 0) + 1
    return " ".join(f"{low}-{low + BIN_MS}:{n}" for low, n in sorted(bins.items()))


def summary(path):
    """(data, {name: median ms}) of one OUT."""
    data = json.load(open(path))
    return data, {name: median(runs) for name, runs in data["runs"].items()}


def show(path):
    data, medians = summary(path)
    mode = f"{data['idle'] * 1000:.0f} ms idle before each run" if data["idle"] else "back to back"
    print(f"{path}: {data['rounds']} rounds, {mode}")
    for name, runs in data["runs"].items():
        by_position = {}
        for r in runs:
            by_position.setdefault(r["position"], []).append(r["ms"])
        positions = ", ".join(f"{p + 1}: {statistics.median(v):.1f}" for p, v in sorted(by_position.items()))
        print(f"  {name}: median {medians[name]:.1f} ms, min {min(r['ms'] for r in runs):.1f}, "
              f"above {UPPER_MS:.0f} ms {upper(runs)}/{len(runs)}; by position in the round (median ms) {positions}")
        print(f"    {BIN_MS} ms bins: {histogram(runs)}")
        # What sets the upper mode apart: CPU time (user + system) or time off the CPU (a wait:
        # voluntary switches; preemption: involuntary ones).
        for label, rows in (("at or below", [r for r in runs if r["ms"] <= UPPER_MS]), ("above", [r for r in runs if r["ms"] > UPPER_MS])):
            if rows:
                def mid(key):
                    return statistics.median(key(r) for r in rows)
                print(f"    {label} {UPPER_MS:.0f} ms ({len(rows)}), medians: CPU {mid(lambda r: r['user_ms'] + r['system_ms']):.1f} ms,"
                      f" off the CPU {mid(lambda r: r['ms'] - r['user_ms'] - r['system_ms']):.1f} ms,"
                      f" voluntary switches {mid(lambda r: r['voluntary']):.0f}, involuntary {mid(lambda r: r['involuntary']):.0f}")


def main():
    if len(sys.argv) >= 8 and sys.argv[1] == "run" and sys.argv[5] == ":::":
        commands = []
        for word in sys.argv[6:]:
            if word == ":::":
                commands.append(None)
            elif not commands or commands[-1] is None:
                commands[-1:] = [(word, [])]
            else:
                commands[-1][1].append(word)
        if not all(command and command[1] for command in commands):
            sys.exit(__doc__)
        measure(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), commands)
    elif len(sys.argv) >= 3 and sys.argv[1] == "show":
        for path in sys.argv[2:]:
            show(path)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
