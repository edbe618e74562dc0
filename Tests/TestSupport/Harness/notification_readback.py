#!/usr/bin/env python3
"""Turns what a notification server holds into JSON lines, one per notification:

  dunstctl history | notification_readback.py dunst
  makoctl list     | notification_readback.py mako
  notification_readback.py xfce4-notifyd      < ~/.cache/xfce4/notifyd/log
  notification_readback.py lxqt-notificationd < .../unattended.list

Each line is {"summary", "body", "text", "source"}: "body" as the server stored it, and "text"
the body as the server shows it. dunst gives the markup it draws (its format filled in; the
summary line is dropped); the others store the body as received and draw it through Pango
markup (mako, xfce4-notifyd) or Qt rich text (lxqt). "text" is that markup parsed as the
spec's subset (tags dropped, entities resolved, as pango_parse_markup does); a body that is not
well-formed markup, which these servers show literally, is its own text.
"""
import configparser
import html
import json
import re
import sys
import xml.etree.ElementTree as ET


def markup_text(body):
    """The text of a Pango-markup body: tags dropped, entities resolved (as pango_parse_markup)."""
    try:
        root = ET.fromstring("<markup>" + body + "</markup>")
    except ET.ParseError:
        return None
    return "".join(root.itertext())


def qsettings_string(value):
    """A string value as QSettings writes it to an INI file."""
    if value.startswith('"') and value.endswith('"'):
        value = value[1:-1]
    units = []
    i = 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            n = value[i + 1]
            if n == "x":
                m = re.match(r"[0-9a-fA-F]{1,4}", value[i + 2:])
                units.append(int(m.group(0), 16))
                i += 2 + len(m.group(0))
                continue
            units.extend(ord(ch) for ch in {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}.get(n, n))
            i += 2
            continue
        units.extend(int.from_bytes(c.encode("utf-16-le")[k:k + 2], "little") for k in range(0, len(c.encode("utf-16-le")), 2))
        i += 1
    return b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", errors="surrogatepass")


def emit(summary, body, text, source):
    print(json.dumps({"summary": summary, "body": body, "text": text, "source": source}, ensure_ascii=False))


def variant_list(data):
    """The notifications of a dunstctl/makoctl aa{sv} reply."""
    value = json.loads(data)["data"]
    while value and isinstance(value[0], list):
        value = [item for group in value for item in group]
    return [{key: field.get("data") for key, field in entry.items()} for entry in value]


def main():
    kind = sys.argv[1]
    data = sys.stdin.read()
    if kind == "dunst":
        # message is the harness's format "<b>%s</b>\n%b" filled in: the markup dunst draws.
        for entry in variant_list(data):
            message = entry.get("message", "")
            shown = markup_text(message)
            shown = message if shown is None else shown
            text = shown.split("\n", 1)[1] if "\n" in shown else shown
            emit(entry.get("summary"), entry.get("body"), text, "dunstctl history")
    elif kind == "mako":
        for entry in variant_list(data):
            body = entry.get("body", "")
            text = markup_text(body)
            emit(entry.get("summary"), body, body if text is None else text, "makoctl list")
    elif kind == "xfce4-notifyd":
        # A key file: a group per notification, keys summary/body (GKeyFile escapes \n, \s, \\).
        parser = configparser.RawConfigParser(strict=False, interpolation=None)
        parser.optionxform = str
        parser.read_string(data)
        for name in parser.sections():
            group = parser[name]
            if "summary" not in group and "body" not in group:
                continue
            unescape = lambda s: re.sub(r"\\(.)", lambda m: {"n": "\n", "s": " ", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), s)
            body = unescape(group.get("body", ""))
            text = markup_text(body)
            emit(unescape(group.get("summary", "")), body, body if text is None else text, "xfce4-notifyd log")
    elif kind == "lxqt-notificationd":
        # QSettings INI: a group per notification, keys Summary and Body; strings may be quoted,
        # and non-ASCII characters are written as \xHHHH UTF-16 code units.
        for block in re.split(r"\n(?=\[)", data):
            fields = {}
            for line in block.split("\n"):
                m = re.match(r"^(\w+)=(.*)$", line)
                if m:
                    fields[m.group(1)] = qsettings_string(m.group(2))
            if "Summary" in fields or "Body" in fields:
                # It stores the body with each newline turned into <br/>, as it draws it.
                body = fields.get("Body", "")
                text = markup_text(body.replace("<br/>", "\n"))
                emit(fields.get("Summary", ""), body, body if text is None else text, "lxqt unattended.list")
    else:
        sys.exit(f"readback: unknown server {kind}")


if __name__ == "__main__":
    main()
