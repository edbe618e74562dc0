#!/usr/bin/env python3
"""Independent oracle for the dailyquote delivery planner, built on Python's zoneinfo.

It reads JSON lines, one planned case per line, as the Swift tests or the binary produce them:

  {"zone": "Europe/Berlin", "hour": 2, "minute": 30, "weekdays": [1, 2, 3, 4, 5, 6, 7],
   "start": <unix seconds>, "through": "2028-12-31" | null, "count": <int> | null,
   "deliveries": [[<unix seconds>, <dst adjusted 0|1>], ...]}

or, for a plan of several slots (`delivery.times`), "entries": [[hour, minute, [weekdays]], ...]
instead of hour, minute and weekdays, and deliveries [[<unix seconds>, <0|1>, <entry index>], ...]:
each entry plans its days as above, and entries that land on the same instant that day are one
delivery, named after the first entry.

and recomputes the deliveries: every selected local day gets one delivery at hour:minute;
a repeated wall time takes its earlier instant; a wall time inside a DST gap moves to the
instant the clocks jump. The list is the deliveries at or after `start`, up to local day
`through` or `count` entries. Disagreements are printed, one per line; the exit status is 1
if there were any, 0 otherwise. The method shares no code with the Swift planner: it resolves
wall times through zoneinfo's fold semantics and finds gap ends by bisection.
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo


EPOCH_ORDINAL = date(1970, 1, 1).toordinal()


def offset(zone, t):
    return int(datetime.fromtimestamp(t, zone).utcoffset().total_seconds())


def wall_seconds(zone, t):
    return t + offset(zone, t)


def plan_day(zone, day, hour, minute):
    """(instant, dst_adjusted) of the delivery on local `day`."""
    earlier = datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone).timestamp()
    later = datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone, fold=1).timestamp()
    if earlier == later:
        # zoneinfo ignores fold only for a wall time that occurs exactly once.
        return int(earlier), False
    stamps = [int(earlier), int(later)]
    wall = (day.toordinal() - EPOCH_ORDINAL) * 86400 + hour * 3600 + minute * 60
    exact = [t for t in stamps if wall_seconds(zone, t) == wall]
    if exact:
        return min(exact), False
    # Inside a gap: the first instant whose wall time lies beyond `wall` is when the clocks jump.
    lo, hi = min(stamps), max(stamps)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if wall_seconds(zone, mid) > wall:
            hi = mid
        else:
            lo = mid
    return hi, True


def day_slots(zone, day, entries):
    """The deliveries of local `day` for several entries, [instant, adjusted, entry index], in
    time order; entries that land on the same instant are one delivery, the first entry's."""
    found = {}
    for index, (hour, minute, weekdays) in enumerate(entries):
        if day.isoweekday() not in weekdays:
            continue
        instant, adjusted = plan_day(zone, day, hour, minute)
        if instant not in found:
            found[instant] = [instant, int(adjusted), index]
    return [found[t] for t in sorted(found)]


def expected(case):
    zone = ZoneInfo(case["zone"])
    start = case["start"]
    if "entries" in case:
        entries = [(e[0], e[1], set(e[2])) for e in case["entries"]]
    else:
        entries = [(case["hour"], case["minute"], set(case["weekdays"]))]
    through = date.fromisoformat(case["through"]) if case.get("through") else None
    count = case.get("count")
    day = datetime.fromtimestamp(start, zone).date() - timedelta(days=1)
    result = []
    while True:
        if through is not None and day > through:
            break
        if count is not None and len(result) >= count:
            break
        for instant, adjusted, index in day_slots(zone, day, entries):
            if count is not None and len(result) >= count:
                break
            if instant >= start and (not result or instant > result[-1][0]):
                result.append([instant, adjusted, index] if "entries" in case else [instant, adjusted])
        day += timedelta(days=1)
    return result


def utc(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    cases = failures = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        cases += 1
        want = expected(case)
        got = case["deliveries"]
        if got == want:
            continue
        failures += 1
        if "entries" in case:
            label = f'{case["zone"]} entries={case["entries"]}'
        else:
            label = f'{case["zone"]} {case["hour"]:02d}:{case["minute"]:02d} days={case["weekdays"]}'
        if len(got) != len(want):
            print(f"{label}: {len(got)} deliveries, oracle has {len(want)}")
        for g, w in zip(got, want):
            if g != w:
                print(f"{label}: planner {utc(g[0])} {g[1:]}, oracle {utc(w[0])} {w[1:]}")
                break
    print(f"oracle: {cases} cases, {failures} disagreements", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
