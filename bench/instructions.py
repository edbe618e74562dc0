#!/usr/bin/env python3
"""Counted instructions (valgrind's callgrind) of the benchmarks' processes, and their check
against the committed thresholds (bench/thresholds.txt).

  bench/instructions.py check DIR [FILE]    each count against its line: exits 1 if one moved
                                            more than its tolerance, either way, or is missing
  bench/instructions.py record DIR [FILE]   writes the counts as the new lines (same tolerances)

DIR holds the callgrind files of bench/inner/notify-timings.sh (one per process, named by its
row: plain, buttons.PID, ...; holder.pid names the holder's); FILE defaults to
bench/thresholds.txt. bench/run.sh runs the check after every run (CI: --quick) and the record
with --record. A count is the same on every run of the same binary and input, so a change of
more than a few percent is a change of the code: fix it, or record it and let the diff say so.
"""
import os
import sys

THRESHOLDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "thresholds.txt")
DEFAULT_TOLERANCE = 5.0


def totals(directory):
    """Each process's count, by its row's name: the holder's as "hold", a process's parts summed."""
    counts = {}
    if not os.path.isdir(directory):
        return counts
    marker = os.path.join(directory, "holder.pid")
    holder = open(marker).read().strip() if os.path.exists(marker) else ""
    for name in sorted(os.listdir(directory)):
        if name == "holder.pid":
            continue
        command, total = "", None
        for line in open(os.path.join(directory, name), errors="replace"):
            if line.startswith("cmd:"):
                command = line[4:].strip()
            elif line.startswith("summary:"):
                total = int(line.split()[1])
        if total is not None:
            key = "hold" if command.endswith(" hold") or (holder and name == f"buttons.{holder}") else name.split(".")[0]
            counts[key] = counts.get(key, 0) + total
    return counts


def read(path):
    """The thresholds file's rows: (name, instructions, tolerance in percent), its comments kept apart."""
    rows, comments = [], []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            comments.append(line)
            continue
        fields = line.split()
        rows.append((fields[0], int(fields[1]), float(fields[2]) if len(fields) > 2 else DEFAULT_TOLERANCE))
    return rows, comments


def check(counts, rows):
    """One line per row, and whether every count is within its tolerance."""
    lines, ok = [], True
    for name, expected, tolerance in rows:
        if name not in counts:
            lines.append(f"bench: FAIL {name}: no count (is valgrind installed?), expected {expected:,}")
            ok = False
            continue
        change = (counts[name] - expected) / expected * 100
        within = abs(change) <= tolerance
        ok = ok and within
        verdict = "ok" if within else "FAIL"
        lines.append(f"bench: {verdict} {name}: {counts[name]:,} instructions, {change:+.1f}% against {expected:,}"
                     f" (tolerance {tolerance:g}%)")
    if not ok:
        lines.append("bench: counted instructions moved past bench/thresholds.txt: find the change that did it, or, if it"
                     " is meant, record the new counts (bench/run.sh --record) and commit them with the change")
    return lines, ok


def record(counts, rows, comments, path):
    """Writes the counts as the rows' new instructions (the rows' names and tolerances kept)."""
    with open(path, "w") as out:
        out.writelines(comments)
        for name, expected, tolerance in rows:
            out.write(f"{name:<16}{counts.get(name, expected):>12}  {tolerance:g}\n")


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("check", "record"):
        sys.exit(__doc__.strip())
    path = sys.argv[3] if len(sys.argv) > 3 else THRESHOLDS
    counts = totals(sys.argv[2])
    rows, comments = read(path)
    if sys.argv[1] == "record":
        record(counts, rows, comments, path)
        print(f"bench: recorded {', '.join(f'{n} {counts.get(n, e):,}' for n, e, _ in rows)} in {path}", file=sys.stderr)
    else:
        lines, ok = check(counts, rows)
        print("\n".join(lines), file=sys.stderr)
        sys.exit(0 if ok else 1)
