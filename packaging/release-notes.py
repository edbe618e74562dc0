#!/usr/bin/env python3
"""Makes the release notes the package carries from CHANGELOG.md (Keep a Changelog), and checks
that the version and the notes agree.

  release-notes.py debian             the Debian changelog of the native package, newest first
  release-notes.py metainfo TEMPLATE  the AppStream metadata: TEMPLATE with @RELEASES@ replaced
  release-notes.py version            the latest released version
  release-notes.py commit [X.Y.Z]     the commit that is release X.Y.Z (the latest by default)
  release-notes.py check [--debian CHANGELOG[.gz]] [--metainfo FILE]
                                      fails (exit 1, one line per fault) when the version
                                      (ReleaseVersion.swift), CHANGELOG.md and, where named, a
                                      built Debian changelog and AppStream file disagree
  --changelog FILE and --version V read those instead of CHANGELOG.md and ReleaseVersion.swift
  (the tests' disagreeing inputs).

Released sections are `## [X.Y.Z] - YYYY-MM-DD`. The version is X.Y.Z for a release (then
X.Y.Z is CHANGELOG.md's latest release and Unreleased is empty) or X.Y.Z~dev for any commit
after one (X.Y.Z above the latest release): then Unreleased is the first entry, an UNRELEASED
one in the Debian changelog and a type="development" release in AppStream, dated from
SOURCE_DATE_EPOCH (else the commit's time), so that two builds of one commit agree.

A release is recorded by its commit, not by a tag (tags need not travel with a clone): each
released version's link, `[X.Y.Z]: https://github.com/dailyquote/dailyquote/tree/HASH`, names the
full hash of its release commit, and `[Unreleased]` compares the latest one with HEAD. `check`
verifies, where the tree is a git clone, that each named commit is there, that its
ReleaseVersion.swift says X.Y.Z and its CHANGELOG.md has the same dated heading. A release commit
cannot name itself: in it (the version is X.Y.Z) the latest release may have no link yet; the next
commit, which sets X.Y.(Z+1)~dev, adds it.
"""
import datetime
import gzip
import html
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAINTAINER = "dailyquote developers <dailyquote@example.org>"
HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$")
UNRELEASED = "## [Unreleased]"
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(~dev)?$")
SWIFT_VERSION = re.compile(r'^ *package static let current = "([^"]*)"$', re.M)
REPOSITORY = "https://github.com/dailyquote/dailyquote"
RELEASE_LINK = re.compile(r"^\[(\d+\.\d+\.\d+)\]: " + re.escape(REPOSITORY) + r"/tree/([0-9a-f]{40})$")
UNRELEASED_LINK = re.compile(r"^\[Unreleased\]: " + re.escape(REPOSITORY) + r"/compare/([0-9a-f]{40})\.\.\.HEAD$")


def source_version():
    text = (ROOT / "Sources/DailyQuoteKit/Text/ReleaseVersion.swift").read_text(encoding="utf-8")
    match = SWIFT_VERSION.search(text)
    if not match:
        sys.exit("release-notes: no version in ReleaseVersion.swift")
    return match.group(1)


def parse(text):
    """(unreleased groups, [(version, date, groups)]): groups are [(group, [item, ...])]."""
    unreleased = []
    found = []
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            match = HEADING.match(line)
            if match:
                current = []
                found.append((match.group(1), match.group(2), current))
            elif line == UNRELEASED and not found:
                current = unreleased
            else:
                current = None
        elif current is None or line.startswith("[") and "]: " in line:
            continue
        elif line.startswith("### "):
            current.append((line[4:].strip(), []))
        elif line.startswith("- ") and current:
            current[-1][1].append(line[2:].strip())
        elif line.startswith("  ") and current and current[-1][1]:
            current[-1][1][-1] += " " + line.strip()
    return unreleased, found


def release_commits(text):
    """({version: hash} from the released versions' links, the hash [Unreleased] compares from or None)."""
    commits = {}
    since = None
    for line in text.splitlines():
        match = RELEASE_LINK.match(line)
        if match:
            commits[match.group(1)] = match.group(2)
        match = UNRELEASED_LINK.match(line)
        if match:
            since = match.group(1)
    return commits, since


def git(*arguments):
    """git's output in ROOT, or None when it fails (no such commit, or no git clone)."""
    result = subprocess.run(["git", "-C", str(ROOT), *arguments], capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else None


def commit_faults(version, found, commits, since):
    """Every way the release commits CHANGELOG.md names disagree with the releases and the history."""
    problems = []
    in_clone = git("rev-parse", "--git-dir") is not None
    for index, (released, date, _) in enumerate(found):
        commit = commits.get(released)
        if commit is None:
            # Only the release commit itself, which cannot name its own hash, goes without.
            if not (index == 0 and version == released):
                problems.append(f"CHANGELOG.md names no release commit for {released} "
                                f"(a line [{released}]: {REPOSITORY}/tree/FULL-HASH)")
            continue
        if not in_clone:
            continue
        if git("cat-file", "-e", f"{commit}^{{commit}}") is None:
            problems.append(f"CHANGELOG.md names {commit} as the {released} release commit, but this clone has no such commit "
                            f"(if it is a shallow clone: git fetch --unshallow)")
            continue
        swift = git("grep", "-h", "package static let current", commit, "--", "Sources") or ""
        match = SWIFT_VERSION.search(swift)
        if not match or match.group(1) != released:
            problems.append(f"CHANGELOG.md names {commit[:7]} as the {released} release commit, but its version is "
                            f"{match.group(1) if match else 'missing'}")
        heading = f"## [{released}] - {date}"
        if heading not in (git("show", f"{commit}:CHANGELOG.md") or "").splitlines():
            problems.append(f"CHANGELOG.md names {commit[:7]} as the {released} release commit, but its CHANGELOG.md has no "
                            f"heading {heading!r}")
    latest = commits.get(found[0][0]) if found else None
    if latest and since != latest:
        problems.append(f"CHANGELOG.md's [Unreleased] link does not compare {found[0][0]}'s release commit with HEAD "
                        f"({REPOSITORY}/compare/{latest}...HEAD)")
    return problems


def build_time():
    """SOURCE_DATE_EPOCH, else the commit's time, else now (a tree outside git)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        result = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
        epoch = result.stdout.strip() if result.returncode == 0 else ""
    when = int(epoch) if epoch else int(datetime.datetime.now().timestamp())
    return datetime.datetime.fromtimestamp(when, tz=datetime.timezone.utc)


def entries(version, unreleased, found):
    """[(version, date, groups, development)], newest first: the dev version's entry first."""
    listed = [(v, d, g, False) for v, d, g in found]
    if version.endswith("~dev"):
        groups = unreleased or [("Development", [f"Changes since {found[0][0]}." if found else "Not released yet."])]
        listed.insert(0, (version, build_time().strftime("%Y-%m-%d"), groups, True))
    return listed


def plain(item):
    """Markdown inline code and links as plain text."""
    item = re.sub(r"`([^`]*)`", r"\1", item)
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", item)


def debian(listed):
    out = []
    for version, date, groups, development in listed:
        out.append(f"dailyquote ({version}) {'UNRELEASED' if development else 'unstable'}; urgency=medium\n")
        for group, items in groups:
            out.append(f"  [ {group} ]")
            for item in items:
                out.append(textwrap.fill(plain(item), width=78, initial_indent="  * ", subsequent_indent="    "))
            out.append("")
        when = build_time() if development else datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        out.append(f" -- {MAINTAINER}  {when.strftime('%a, %d %b %Y %H:%M:%S +0000')}\n")
    return "\n".join(out)


def metainfo(listed, template):
    lines = ["<releases>"]
    for version, date, groups, development in listed:
        kind = ' type="development"' if development else ""
        lines.append(f'    <release version="{version}"{kind} date="{date}">')
        lines.append('      <description translate="no">')
        for group, items in groups:
            lines.append(f"        <p>{html.escape(group)}</p>")
            lines.append("        <ul>")
            lines.extend(f"          <li>{html.escape(plain(item), quote=False)}</li>" for item in items)
            lines.append("        </ul>")
        lines.append("      </description>")
        lines.append("    </release>")
    lines.append("  </releases>")
    return template.replace("<releases>@RELEASES@</releases>", "\n".join(lines))


def key(version):
    """(X, Y, Z, 0 for ~dev else 1): ~dev sorts below its release, as dpkg sorts it."""
    match = VERSION.match(version)
    return tuple(int(part) for part in match.groups()[:3]) + (0 if match.group(4) else 1,)


def faults(version, unreleased, found, debian_file=None, metainfo_file=None, commits=None, since=None):
    """Every way the version, CHANGELOG.md, its release commits and the built notes disagree."""
    problems = []
    if not VERSION.match(version):
        return [f"the version {version!r} is neither X.Y.Z nor X.Y.Z~dev"]
    if not found:
        return ["CHANGELOG.md has no released version (## [X.Y.Z] - YYYY-MM-DD)"]
    latest = found[0][0]
    if version.endswith("~dev"):
        if key(version) <= key(latest):
            problems.append(f"the version is {version}, but {latest} is released already: a later commit's version is above it")
    else:
        if version != latest:
            problems.append(f"the version is {version}, but CHANGELOG.md's latest release is {latest}")
        if any(items for _, items in unreleased):
            problems.append(f"the version is the release {version}, but CHANGELOG.md lists Unreleased changes: "
                            f"a commit after a release is X.Y.Z~dev")
    problems += commit_faults(version, found, commits or {}, since)
    for (newer, newer_date, _), (older, older_date, _) in zip(found, found[1:]):
        if key(newer) <= key(older) or newer_date < older_date:
            problems.append(f"CHANGELOG.md's releases are out of order: {newer} ({newer_date}) above {older} ({older_date})")
    if debian_file:
        opener = gzip.open if str(debian_file).endswith(".gz") else open
        with opener(debian_file, "rt", encoding="utf-8") as handle:
            first = handle.readline().rstrip("\n")
        match = re.match(r"^dailyquote \(([^)]*)\) (\S+);", first)
        if not match or match.group(1) != version:
            problems.append(f"{debian_file} starts with {first!r}, not version {version}")
        elif (match.group(2) == "UNRELEASED") != version.endswith("~dev"):
            problems.append(f"{debian_file}: {version} is distributed to {match.group(2)}")
    if metainfo_file:
        text = Path(metainfo_file).read_text(encoding="utf-8")
        match = re.search(r'<release version="([^"]*)"( type="development")?', text)
        if not match or match.group(1) != version:
            problems.append(f"{metainfo_file}'s first release is {match.group(1) if match else 'missing'}, not {version}")
        elif bool(match.group(2)) != version.endswith("~dev"):
            problems.append(f"{metainfo_file}: release {version} has the wrong type")
    return problems


def main():
    arguments = sys.argv[1:]
    options = {}
    for name in ("--changelog", "--version", "--debian", "--metainfo"):
        if name in arguments:
            at = arguments.index(name)
            options[name] = arguments[at + 1]
            del arguments[at : at + 2]
    changelog = Path(options.get("--changelog", ROOT / "CHANGELOG.md"))
    version = options.get("--version") or source_version()
    text = changelog.read_text(encoding="utf-8")
    unreleased, found = parse(text)
    commits, since = release_commits(text)
    mode = arguments[0] if arguments else ""
    if mode == "check" and len(arguments) == 1:
        problems = faults(version, unreleased, found, options.get("--debian"), options.get("--metainfo"), commits, since)
        for problem in problems:
            print(f"release-notes: {problem}", file=sys.stderr)
        sys.exit(1 if problems else 0)
    if not found:
        sys.exit("release-notes: CHANGELOG.md has no released version")
    if mode == "debian" and len(arguments) == 1:
        sys.stdout.write(debian(entries(version, unreleased, found)))
    elif mode == "metainfo" and len(arguments) == 2:
        sys.stdout.write(metainfo(entries(version, unreleased, found), Path(arguments[1]).read_text(encoding="utf-8")))
    elif mode == "version" and len(arguments) == 1:
        print(found[0][0])
    elif mode == "commit" and len(arguments) <= 2:
        wanted = arguments[1] if len(arguments) == 2 else found[0][0]
        if wanted not in commits:
            sys.exit(f"release-notes: CHANGELOG.md names no release commit for {wanted}")
        print(commits[wanted])
    else:
        sys.exit("usage: release-notes.py [--changelog FILE] [--version V] debian | metainfo TEMPLATE | version | "
                 "commit [X.Y.Z] | check [--debian FILE] [--metainfo FILE]")


if __name__ == "__main__":
    main()
