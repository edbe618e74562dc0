#!/usr/bin/env python3
"""Reads a dbus-monitor capture and prints the Notify calls in it as JSON.

  notify_probe.py MONITOR_FILE

Each call becomes {"app", "replaces", "icon", "summary", "body", "hints", "expire", "time"}, with
hints as {name: value} and time the Unix time dbus-monitor stamped on the call (or null). Strings may span lines (a body with a newline); a string ends at a
line ending in a double quote.
"""
import json
import re
import sys


def tokens(lines):
    """Yields (type, value) for the argument lines of one message."""
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        m = re.match(r'^(?:variant\s+)?string "(.*)$', line)
        if m:
            text = m.group(1)
            while not text.endswith('"'):
                i += 1
                text += "\n" + lines[i]
            yield ("string", text[:-1])
        elif line.startswith("array ["):
            yield ("array", None)
        elif line == "]":
            yield ("end", None)
        elif line.startswith("dict entry("):
            yield ("dict", None)
        elif line == ")":
            pass
        else:
            m = re.match(r"^(?:variant\s+)?(u?int\d+|byte|boolean|double)\s+(\S+)$", line)
            if m:
                yield (m.group(1), m.group(2))
        i += 1


def parse(text):
    calls = []
    blocks = re.split(r"\n(?=(?:method call|signal|method return|error) )", text)
    for block in blocks:
        head, _, rest = block.partition("\n")
        if "member=Notify" not in head or not head.startswith("method call"):
            continue
        toks = list(tokens(rest.split("\n")))
        values = iter(toks)
        app = next(values)[1]
        replaces = int(next(values)[1])
        icon = next(values)[1]
        summary = next(values)[1]
        body = next(values)[1]
        # actions: array [ strings... ]
        assert next(values)[0] == "array"
        for kind, _ in values:
            if kind == "end":
                break
        assert next(values)[0] == "array"
        hints = {}
        for kind, value in values:
            if kind == "end":
                break
            if kind == "dict":
                key = next(values)[1]
                hints[key] = next(values)[1]
        expire = int(next(values)[1])
        stamp = re.search(r"\btime=(\d+(?:\.\d+)?)", head)
        calls.append({"app": app, "replaces": replaces, "icon": icon, "summary": summary, "body": body,
                      "hints": hints, "expire": expire, "time": float(stamp.group(1)) if stamp else None})
    return calls


if __name__ == "__main__":
    print(json.dumps(parse(open(sys.argv[1], encoding="utf-8", errors="replace").read())))
