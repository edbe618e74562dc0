#!/usr/bin/env python3
"""Makes the release notes the package carries from CHANGELOG.md (Keep a Changelog).

  release-notes.py debian            the Debian changelog of the native package, newest first
  release-notes.py metainfo TEMPLATE  the AppStream metadata: TEMPLATE with @RELEASES@ replaced
  release-notes.py version           the latest released version (checked against the binary)

Only released sections (`## [X.Y.Z] - YYYY-MM-DD`) count; Unreleased is not a release.
"""
import datetime
import html
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAINTAINER = "dailyquote developers <dailyquote@example.org>"
HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$")


def releases(text):
    """[(version, date, [(group, [item, ...]), ...])], newest first, as the file lists them."""
    found = []
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            match = HEADING.match(line)
            current = (match.group(1), match.group(2), []) if match else None
            if current:
                found.append(current)
        elif current is None or line.startswith("[") and "]: " in line:
            continue
        elif line.startswith("### "):
            current[2].append((line[4:].strip(), []))
        elif line.startswith("- ") and current[2]:
            current[2][-1][1].append(line[2:].strip())
        elif line.startswith("  ") and current[2] and current[2][-1][1]:
            current[2][-1][1][-1] += " " + line.strip()
    if not found:
        sys.exit("release-notes: CHANGELOG.md has no released version")
    return found


def plain(item):
    """Markdown inline code and links as plain text."""
    item = re.sub(r"`([^`]*)`", r"\1", item)
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", item)


def debian(found):
    out = []
    for version, date, groups in found:
        out.append(f"dailyquote ({version}) unstable; urgency=medium\n")
        for group, items in groups:
            out.append(f"  [ {group} ]")
            for item in items:
                out.append(textwrap.fill(plain(item), width=78, initial_indent="  * ", subsequent_indent="    "))
            out.append("")
        when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        out.append(f" -- {MAINTAINER}  {when.strftime('%a, %d %b %Y %H:%M:%S +0000')}\n")
    return "\n".join(out)


def metainfo(found, template):
    lines = ["<releases>"]
    for version, date, groups in found:
        lines.append(f'    <release version="{version}" date="{date}">')
        lines.append("      <description>")
        for group, items in groups:
            lines.append(f"        <p>{html.escape(group)}</p>")
            lines.append("        <ul>")
            lines.extend(f"          <li>{html.escape(plain(item), quote=False)}</li>" for item in items)
            lines.append("        </ul>")
        lines.append("      </description>")
        lines.append("    </release>")
    lines.append("  </releases>")
    return template.replace("<releases>@RELEASES@</releases>", "\n".join(lines))


def main():
    found = releases((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "debian":
        sys.stdout.write(debian(found))
    elif mode == "metainfo" and len(sys.argv) == 3:
        sys.stdout.write(metainfo(found, Path(sys.argv[2]).read_text(encoding="utf-8")))
    elif mode == "version":
        print(found[0][0])
    else:
        sys.exit("usage: release-notes.py debian | metainfo TEMPLATE | version")


if __name__ == "__main__":
    main()
