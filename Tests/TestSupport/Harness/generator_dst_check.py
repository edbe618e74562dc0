#!/usr/bin/env python3
"""The user generator's timers against the planner, across the DST changes of 2026-2030.

For each case (a zone and a time of day), the built binary runs as `dailyquote-generator` with
`[delivery] hour, minute, time_zone` at the start of each year (under faketime: the generator
re-runs at every login and reload, and its yearly renewal timer reloads on 1 January), and
systemd's own calendar code computes when each timer elapses, as a timer does: the next elapse
is the earliest over all `OnCalendar=` lines after the last elapse (a line systemd cannot
compute is skipped), re-computed after each elapse. Those elapses must be exactly the
planner's deliveries (`dailyquote schedule --json`) for the notify timer, and its refreshes
for the refresh timer (before `RandomizedDelaySec=`).

systemd's computation: `calendar_spec_next_usec` of systemd's own shared library (the code
the user manager and `systemd-analyze calendar` run), called in-process through ctypes, with
the zone in `TZ` and the line without it, which is what systemd does in the child it forks for
a line with a zone (one `systemd-analyze` per elapse would take hours). For every case,
`systemd-analyze calendar --base-time=B --iterations=3` on the generator's real lines, at the
last planned instant before the first change of offset, must give the same elapses.

The cases: every zone of the tz database is grouped by its changes of offset over 2026-2030
as wall-clock readings (the clock before and after each change, and whether each side is
DST): zones in one group step their clocks at the same wall times by the same amounts, and
systemd and the planner both work on the wall clock, so one zone per group stands for it (the
first by name of those tzdata defines as zones, not links); `--all-zones` takes every zone.
Times of day: 00:30, 01:30, 02:30, 02:45, 03:30, 08:00, and around each change the hour
before, the minute before, the clock before, the middle, the minute before the clock after,
the clock after and the hour after, and the nearest times the generator keeps in the calendar
style (61 minutes before the change, and 106 after: the refresh, 45 minutes earlier, must
stay an hour clear too).

  generator_dst_check.py BINARY [--all-zones] [--jobs N] [--case ZONE HH:MM]...
Exit 0 when every case agrees; else 1, listing the first differences of each case.
"""

import argparse
import ctypes
import datetime
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
import zoneinfo
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faketime_cleanup  # noqa: E402  (beside this script)

FIRST_YEAR, LAST_YEAR = 2026, 2030
UTC = datetime.timezone.utc
BASE_TIMES = ["00:30", "01:30", "02:30", "02:45", "03:30", "08:00"]


def unix(year, month=1, day=1):
    return int(datetime.datetime(year, month, day, tzinfo=UTC).timestamp())


START, END = unix(FIRST_YEAR), unix(LAST_YEAR + 1)


def iso(t):
    return datetime.datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


# --- the cases ---------------------------------------------------------------------------------


def changes(name):
    """Each change of offset or DST flag in the range: (instant, wall before, wall after, dst before, dst after)."""
    zone = zoneinfo.ZoneInfo(name)

    def state(t):
        local = datetime.datetime.fromtimestamp(t, zone)
        return local.utcoffset().total_seconds(), bool(local.dst())

    found = []
    step = 6 * 3600
    previous = state(START - step)
    for t in range(START, END + step, step):
        current = state(t)
        if current != previous:
            low, high = t - step, t  # state(low) == previous, state(high) == current
            while high - low > 1:
                mid = (low + high) // 2
                if state(mid) == previous:
                    low = mid
                else:
                    high = mid
            before = high + int(previous[0])
            after = high + int(current[0])
            found.append((high, before, after, previous[1], current[1]))
        previous = current
    return found


def wall(local_seconds):
    return datetime.datetime.fromtimestamp(local_seconds, UTC).strftime("%Y-%m-%d %H:%M:%S")


def canonical_zones():
    """The names tzdata defines as zones, not links (`Z` lines of tzdata.zi), to stand for their groups."""
    try:
        with open(os.path.join(os.environ.get("TZDIR", "/usr/share/zoneinfo"), "tzdata.zi")) as file:
            return {line.split()[1] for line in file if line.startswith("Z ")}
    except OSError:
        return set()


def cases(all_zones):
    canonical = canonical_zones()
    groups = {}
    for name in sorted(zoneinfo.available_timezones()):
        if name.startswith(("posix/", "right/")) or name in ("Factory", "localtime"):
            continue
        try:
            found = changes(name)
        except Exception:
            continue
        key = tuple((wall(b), wall(a), db, da) for _, b, a, db, da in found)
        groups.setdefault(key, []).append((name, found))
    for members in groups.values():
        members.sort(key=lambda member: (member[0] not in canonical, member[0]))
    chosen = []
    for key, members in sorted(groups.items(), key=lambda item: item[1][0][0]):
        for name, found in members if all_zones else members[:1]:
            minutes = {int(t[:2]) * 60 + int(t[3:]) for t in BASE_TIMES}
            for _, before, after, _, _ in found:
                b, a = before % 86400 // 60, after % 86400 // 60
                minutes |= {b - 61, b - 60, b - 1, b, (b + a) // 2, a - 1, a, a + 60, a + 106}
            for minute in sorted(m % 1440 for m in minutes):
                chosen.append((name, minute // 60, minute % 60, len(members)))
    return chosen, len(groups)


# --- systemd's computation ----------------------------------------------------------------------

LIB = sorted(glob.glob("/usr/lib/*/systemd/libsystemd-shared-*.so") + glob.glob("/usr/lib/systemd/libsystemd-shared-*.so"))


class Calendar:
    """systemd's calendar code, in this process; TZ is the case's zone."""

    def __init__(self):
        self.lib = ctypes.CDLL(LIB[0])
        self.lib.calendar_spec_from_string.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        self.lib.calendar_spec_next_usec.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
        self.lib.calendar_spec_free.argtypes = [ctypes.c_void_p]
        self.lib.calendar_spec_free.restype = ctypes.c_void_p
        self.zone = None

    def set_zone(self, zone):
        if zone != self.zone:
            os.environ["TZ"] = ":" + zone
            time.tzset()
            self.zone = zone

    def spec(self, line, zone):
        """The line's spec, the zone taken off (it is in TZ); a UTC line stays as it is."""
        text = line[: -len(zone) - 1] if line.endswith(" " + zone) and zone != "UTC" else line
        pointer = ctypes.c_void_p()
        status = self.lib.calendar_spec_from_string(text.encode(), ctypes.byref(pointer))
        if status < 0:
            raise ValueError(f"systemd cannot parse {line!r}: {status}")
        return pointer

    def next(self, spec, base):
        """The next elapse after `base` (seconds), or None where systemd finds none or fails."""
        out = ctypes.c_uint64()
        status = self.lib.calendar_spec_next_usec(spec, base * 1_000_000, ctypes.byref(out))
        return None if status < 0 else out.value // 1_000_000


def timer_elapses(calendar, zone, segments):
    """A timer's elapses in [START, END): `segments` is [(from, lines)], the lines in force from
    that instant on (each year's generator output); after each elapse, and at each reload, the
    next elapse is the earliest over the lines from the last elapse."""
    elapses = []
    base = START - 1  # the timer starts just before the range, so an instant at its start counts
    for index, (begin, lines) in enumerate(segments):
        finish = segments[index + 1][0] if index + 1 < len(segments) else END
        specs = [(line, calendar.spec(line, zone)) for line in lines]
        # A UTC line has no DST to trip over: its next elapse stays valid until it passes.
        cache = {}
        while True:
            candidates = []
            for line, spec in specs:
                if line.endswith(" UTC"):
                    cached = cache.get(line, ("", 0))
                    if cached[0] == "none" or (cached[0] == "at" and cached[1] > base):
                        value = cached[1] if cached[0] == "at" else None
                    else:
                        value = calendar.next(spec, base)
                        cache[line] = ("none", 0) if value is None else ("at", value)
                else:
                    value = calendar.next(spec, base)
                if value is not None:
                    candidates.append(value)
            if not candidates:
                break
            elapse = min(candidates)
            if elapse >= finish:
                break
            elapses.append(elapse)
            base = elapse
    return elapses


def analyze_check(calendar, zone, lines, base):
    """`systemd-analyze calendar` on the real lines from `base` must give what the in-process
    code gives for each line: three iterations, or a failure."""
    result = subprocess.run(
        ["systemd-analyze", "calendar", "--iterations=3", f"--base-time=@{base}"] + lines,
        capture_output=True, text=True, env={"TZ": "UTC", "PATH": os.environ["PATH"], "SYSTEMD_COLORS": "0"})
    blocks, current = {}, None
    for raw in result.stdout.splitlines():
        text = raw.strip()
        if text.startswith("Original form:"):
            current = text.split(":", 1)[1].strip()
            blocks[current] = []
        elif text.startswith("Normalized form:") and current is None:
            current = text.split(":", 1)[1].strip()
            blocks[current] = []
        elif text.startswith(("Next elapse:", "Iter. #")) and current is not None:
            stamp = text.split(":", 1)[1].strip()
            if stamp != "never":
                blocks[current].append(int(datetime.datetime.strptime(stamp[4:23], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp()))
        elif not text:
            current = None
    problems = []
    for line in lines:
        spec = calendar.spec(line, zone)
        expected, at = [], base
        for _ in range(3):
            at = calendar.next(spec, at)
            if at is None:
                break
            expected.append(at)
        failed = len(expected) < 3 and f"'{line}'" in result.stderr
        got = blocks.get(line)
        if got is None and not failed:
            problems.append(f"systemd-analyze gave nothing for {line!r} from {iso(base)}: {result.stderr.strip()}")
        elif got is not None and got != expected:
            problems.append(f"systemd-analyze from {iso(base)} for {line!r}: {list(map(iso, got))}, in-process {list(map(iso, expected))}")
    return problems


# --- one case -------------------------------------------------------------------------------------


def on_calendar(path):
    with open(path) as file:
        return [line.split("=", 1)[1].strip() for line in file if line.startswith("OnCalendar=")]


def planned(binary, home, zone):
    deliveries, refreshes = [], []
    start = f"{FIRST_YEAR - 1}-12-31T00:00:00Z"
    while True:
        output = subprocess.run(
            [binary, "schedule", "--json", "--count", "1000", "--from", start], capture_output=True, text=True, check=True,
            env={"HOME": home, "PATH": os.environ["PATH"], "TZ": ":" + zone, "LANG": "C.UTF-8"}).stdout
        report = json.loads(output)["deliveries"]
        for delivery in report:
            deliveries.append(int(datetime.datetime.fromisoformat(delivery["utc"]).timestamp()))
            refreshes.append(int(datetime.datetime.fromisoformat(delivery["refreshAt"]).timestamp()))
        if deliveries[-1] >= END or len(report) < 1000:
            break
        start = datetime.datetime.fromtimestamp(deliveries[-1] + 1, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return sorted({t for t in deliveries if START <= t < END}), sorted({t for t in refreshes if START <= t < END})


def generate(binary, home, year):
    out = os.path.join(home, f"out{year}")
    os.makedirs(out)
    link = os.path.join(home, "dailyquote-generator")
    if not os.path.exists(link):
        os.symlink(binary, link)
    run = subprocess.run(
        ["faketime", "-f", f"@{year}-01-01 00:00:01", link, out, out, out], capture_output=True,
        env={"HOME": home, "XDG_RUNTIME_DIR": home, "PATH": os.environ["PATH"]})
    if run.returncode != 0:
        raise RuntimeError(f"the generator exited {run.returncode} for {year}: {run.stderr.decode(errors='replace').strip()}")
    timer = os.path.join(out, "dailyquote-notify.timer")
    if not os.path.exists(timer):
        raise RuntimeError(f"the generator wrote no timers for {year}")
    return on_calendar(timer), on_calendar(os.path.join(out, "dailyquote-refresh.timer"))


def differences(expected, got):
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    notes = [f"missed {iso(t)}" for t in missing[:4]] + [f"extra {iso(t)}" for t in extra[:4]]
    if len(missing) + len(extra) > 8:
        notes.append(f"({len(missing)} missed, {len(extra)} extra in all)")
    return notes


def check(case):
    binary, zone, hour, minute = case
    calendar = check.calendar
    calendar.set_zone(zone)
    with tempfile.TemporaryDirectory() as home:
        os.makedirs(os.path.join(home, ".config/dailyquote"))
        with open(os.path.join(home, ".config/dailyquote/config.toml"), "w") as file:
            file.write(f'[delivery]\nhour = {hour}\nminute = {minute}\ntime_zone = "{zone}"\n')
        deliveries, refreshes = planned(binary, home, zone)
        notify, refresh = [], []
        for year in range(FIRST_YEAR, LAST_YEAR + 1):
            lines = generate(binary, home, year)
            notify.append((unix(year), lines[0]))
            refresh.append((unix(year), lines[1]))
    problems = []
    got = timer_elapses(calendar, zone, notify)
    problems += [f"notify timer: {note}" for note in differences(deliveries, got)]
    got = timer_elapses(calendar, zone, refresh)
    problems += [f"refresh timer: {note}" for note in differences(refreshes, got)]
    first_change = next((c[0] for c in changes(zone)), None)
    base = max([t for t in deliveries if first_change is None or t < first_change] or [START])
    problems += analyze_check(calendar, zone, notify[0][1], base)
    style = "absolute" if any(line.endswith(" UTC") for line in notify[0][1]) else "calendar"
    return zone, hour, minute, style, problems


def init_worker():
    check.calendar = Calendar()
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # systemd's "Infinite loop in calendar calculation" lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--all-zones", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--case", nargs=2, action="append", metavar=("ZONE", "HH:MM"))
    args = parser.parse_args()
    binary = os.path.realpath(args.binary)
    if not LIB:
        sys.exit("generator_dst_check: no libsystemd-shared-*.so (systemd's calendar code)")
    # Every case runs the generator under a faketime wrapper: none may fail on another's leftovers.
    faketime_cleanup.clean()
    started = time.monotonic()
    if args.case:
        chosen = [(zone, int(t[:2]), int(t[3:]), 1) for zone, t in args.case]
        summary = f"{len(chosen)} given cases"
    else:
        chosen, groups = cases(args.all_zones)
        zones = len({c[0] for c in chosen})
        summary = f"{len(chosen)} cases: {zones} zones, {groups} groups of zones with the same wall-clock changes"
    print(f"generator_dst_check: {summary}, {FIRST_YEAR}-{LAST_YEAR}, {args.jobs} jobs", flush=True)
    failures, styles = 0, {"calendar": 0, "absolute": 0}
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=init_worker) as pool:
        for zone, hour, minute, style, problems in pool.map(check, [(binary, z, h, m) for z, h, m, _ in chosen]):
            styles[style] += 1
            if problems:
                failures += 1
                print(f"FAIL {zone} {hour:02}:{minute:02} ({style} style):")
                for problem in problems:
                    print(f"  {problem}")
    seconds = time.monotonic() - started
    print(f"generator_dst_check: {len(chosen) - failures} of {len(chosen)} cases agree "
          f"({styles['calendar']} calendar style, {styles['absolute']} absolute), {seconds:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
