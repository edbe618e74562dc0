#!/usr/bin/env python3
"""Adds FILES and EXIT STATUS to the mdoc man page that generate-manual writes.

generate-manual knows the commands, options and help texts; the files dailyquote uses and its
exit codes live in README.md, and are repeated here for `man dailyquote`.
"""
import sys

SECTIONS = r""".Sh FILES
.Bl -tag -width Ds
.It Pa $XDG_CONFIG_HOME/dailyquote/config.toml
The config file (default
.Pa ~/.config/dailyquote/config.toml ) .
A commented example is in
.Pa /usr/share/doc/dailyquote/examples/config.toml .
.It Pa $XDG_CACHE_HOME/dailyquote/quote.json
The cached quote, written atomically by
.Nm refresh .
.It Pa $XDG_STATE_HOME/dailyquote/
The delivery state
.Pq Pa state.json ,
the history
.Pq Pa history.jsonl ,
the last refresh result
.Pq Pa refresh.json
and the locks.
.It Pa $XDG_CONFIG_HOME/systemd/user/dailyquote-{notify,refresh}.{service,timer}
The systemd user units that
.Nm install
generates.
.It Pa /etc/xdg/autostart/dailyquote.desktop
Starts
.Nm run
at login on desktops without a systemd user manager.
.El
.Sh EXIT STATUS
.Bl -tag -width Ds
.It 0
Success.
.It 1
Another failure, or a failed
.Nm doctor
check.
.It 64
Bad command-line usage.
.It 69
A needed service is unavailable: no session bus, no notification server, or no systemd user manager for
.Nm install .
The delivery stays due.
.It 73
A file could not be written.
.It 75
A temporary failure:
.Nm refresh
got no acceptable quote (the cache is untouched), or a lock was held past the deadline.
.It 78
The config file is broken; the message names the file, the line and the key.
.El
"""


def main() -> None:
    text = open(sys.argv[1], encoding="utf-8").read()
    marker = "\n.Sh AUTHORS"
    if marker in text:
        text = text.replace(marker, "\n" + SECTIONS.rstrip("\n") + marker, 1)
    else:
        text = text.rstrip("\n") + "\n" + SECTIONS
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
