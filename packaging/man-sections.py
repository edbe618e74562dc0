#!/usr/bin/env python3
"""Adds FILES and EXIT STATUS to the mdoc man page that generate-manual writes, and the version.

generate-manual knows the commands, options and help texts; the config keys, the files
dailyquote uses and its exit codes live in docs/configuration.md and docs/commands.md, and are repeated here for `man dailyquote`.
It also drops generate-manual's own EXIT STATUS stub and turns Markdown `code` into bold.
"""
import re
import sys

SECTIONS = r""".Sh CONFIGURATION
The config file is TOML. Every key is optional; without the file the built-in defaults apply.
.Nm config init
writes a commented example,
.Nm config check
validates a file. A broken file is reported with its path, line and key, and exit status 78.
Durations are written
.Ql \&Ns ,
.Ql \&Nm ,
.Ql \&Nh
or combinations in that order
.Pq Ql 1h30m ,
or
.Ql 0 .
.Ss [delivery]
.Bl -tag -width Ds
.It Cm hour No (default 8)
The local hour of the delivery, 0\(en23.
.It Cm minute No (default 0)
0\(en59.
.It Cm times No (default none)
Several deliveries a day, instead of
.Cm hour
and
.Cm minute
(both together are an error): a non-empty list of
.Ql HH:MM
or
.Ql DAYS HH:MM
strings, such as
.Ql Mon..Fri 08:00 ,
.Ql Sat,Sun 10:30 ,
.Ql 20:00 .
DAYS is systemd's weekday syntax: names or abbreviations in any case,
ranges with
.Ql ..
and lists with
.Ql \&, .
An entry without DAYS applies on
.Cm weekdays .
Each entry is a slot; entries that fall on the same instant on a day are one delivery.
.It Cm weekdays No (default every day)
A non-empty list of
.Ql mon
\&...
.Ql sun ,
any case.
.It Cm time_zone No (default the system's zone)
An IANA zone name from the system's tz database, such as
.Ql Europe/Berlin .
.It Cm catch_up No (default Ql 3h )
How late a missed delivery (suspend, poweroff, logged out) may still be posted,
.Ql 0
to
.Ql 24h .
A delivery up to a minute late is always on time;
.Ql 0
means no catch-up after that.
.It Cm enabled No (default true)
.Ql false
turns the quotes off
.Pq the opt-out Nm uninstall No writes :
the systemd user generator then writes no units for this user,
.Nm run
delivers nothing (it says so and exits 0, at the start or when the config changes so),
.Nm status
says the quotes are off and where, and promises no delivery, and
.Nm doctor
reports it as no failure.
.Nm install
still installs the timers when run by hand, and they deliver.
.It Cm wait_for_presence No (default true)
While the session is locked (logind's
.Ql LockedHint ,
or the screensaver's
.Ql GetActive )
or the notification server holds notifications back (Plasma's
.Ql Inhibited ) ,
a due delivery waits, within
.Cm catch_up ,
until the person is back; at the limit it is posted anyway and marked
.Ql presence: timeout
in the history.
.Ql false
posts at once.
.El
.Ss [refresh]
.Bl -tag -width Ds
.It Cm lead No (default Ql 45m )
How long before each delivery the quote is fetched,
.Ql 0
to
.Ql 12h .
.It Cm timeout No (default Ql 20s )
The fetch stage's hard deadline for all sources together,
.Ql 1s
to
.Ql 120s .
.El
.Ss [notification]
.Bl -tag -width Ds
.It Cm title No (default Qo Quote of the Day Qc in the messages language)
The summary line, used as written: one line of at most 100 characters, with no control
character.
.It Cm icon No (default Ql io.github.dailyquote.DailyQuote )
An icon name from the icon theme, or a path.
.It Cm urgency No (default Ql normal )
.Ql low ,
.Ql normal
or
.Ql critical .
.It Cm expire No (default Ql default )
How long the notification stays up:
.Ql default
(the server decides),
.Ql never
(also
.Ql 0 ) ,
or a duration.
.It Cm timeout No (default Ql 10s )
The deadline for posting,
.Ql 1s
to
.Ql 60s .
.It Cm hold No (default until the next delivery)
How long a holder process keeps the notification on a server that keeps notifications in a
tray (it advertises
.Ql persistence ;
GNOME 46 and later remove a freedesktop notification when its sender leaves the bus; on GNOME's
own path no process stays and the notification stays all the same), at most
.Ql 168h ;
.Ql 0
means no holder. It also ends when the notification is closed or the next delivery replaces it.
.It Cm actions No (default Ql [\(dqcopy\(dq, \(dqsave\(dq] )
The buttons on the notification, from
.Ql copy
(the quote to the clipboard, through
.Xr wl-copy 1 ,
.Xr xclip 1
or
.Xr xsel 1 ;
not offered without one),
.Ql save
(to the favourites; see
.Nm favorites )
and
.Ql another
(a different quote in its place);
.Ql []
for none. Offered where the server advertises
.Ql actions ;
the holder stays to answer them, so
.Cm hold No = Ql 0
offers none.
.El
.Ss [quotes]
Which quotes are acceptable, from every source and from the bundled collection. A quote that
does not pass is refused like a repeat: the next attempt or source is tried, and the refresh
result names the key that refused it. A local source picks among its records that pass. If no
bundled quote passes, the bundled collection is used without the filters, with a warning.
.Bl -tag -width Ds
.It Cm min_length No (default none) , Cm max_length No (default 300 characters or 12 lines)
The fewest and most characters of the text after cleanup, counted as a reader sees them (an
emoji or a line break is one); 0\(en1000,
.Cm max_length
at least 1 and not below
.Cm min_length .
Without
.Cm max_length ,
a quote of more than 300 characters or more than 12 lines is refused (what one notification
shows whole); a
.Cm max_length
of your own replaces both limits:
.Ql max_length = 1000
lifts them.
.It Cm exclude_authors No (default none)
A list of authors whose quotes are refused, compared ignoring case and white space at either end.
.It Cm include_authors No (default every author)
If set, a non-empty list: only quotes by these authors are accepted; a quote without an author
is refused. An author in both lists is excluded.
.El
.Ss [[source]]
Sources are tried in order; the first acceptable quote is cached. Without any
.Cm [[source]] ,
the messages language's Debian fortune package is read when it is installed (for example
.Pa /usr/share/games/fortunes/de/zitate
from fortunes-de under a German locale), else ZenQuotes' quote of the day;
.Nm status
and
.Nm config path
say which list applies and why. When every source fails, the delivery uses the bundled
collection.
.Bl -tag -width Ds
.It Cm type
One of the presets
.Ql zenquotes ,
.Ql dummyjson ,
.Ql favqs ,
.Ql api-ninjas ;
.Ql json
(any JSON API);
.Ql fortune
(a fortune file, with its strfile index when present);
.Ql file
(a JSON array of objects with
.Ql text
and an optional
.Ql author ,
or lines
.Ql text -- author ) .
.It Cm url
The URL to fetch: required for
.Ql json ,
a mirror for a preset. Only http and https.
.It Cm endpoint
For
.Ql zenquotes :
.Ql today
(default) or
.Ql random .
.It Cm text , Cm author
For
.Ql json :
RFC 6901 JSON Pointers to the quote's text (required) and author (optional), such as
.Ql /quote .
.It Cm format
For
.Ql json :
.Ql text
(default: the text is taken exactly as written) or
.Ql html
(tags removed, entities decoded).
.It Cm headers
An inline table of request headers.
.Ql ${VAR}
in a value is taken from the environment; an unset variable is a config error. Values are
secrets: never logged, and
.Fl -dry-run
shows only their names.
.Ql api-ninjas
needs
.Ql X-Api-Key .
.It Cm path
For
.Ql fortune
and
.Ql file :
an absolute path, or one starting with
.Ql ~ ,
.Ql $HOME
or
.Ql ${HOME} .
.It Cm encoding
For
.Ql fortune :
the file's character encoding,
.Ql UTF-8
(default) or any name iconv(1) knows for an encoding that keeps ASCII, such as
.Ql latin1 ,
.Ql ISO-8859-3
or
.Ql KOI8-R .
A record that is not valid in it is an error naming the record, never shown garbled.
.El
.Sh ENVIRONMENT
.Bl -tag -width Ds
.It Ev LANGUAGE , LC_ALL , LC_MESSAGES , LANG
The person's language, read as gettext reads it: the notification's default title, its
author line and buttons, the desktop entries, and what
.Nm notify ,
.Nm status
and
.Nm doctor
print.
.Ql C
and
.Ql POSIX
mean English, and
.Ev LANGUAGE
counts only when the locale is not
.Ql C .
Under the systemd timers the user manager's environment applies.
.It Ev DAILYQUOTE_LOCALEDIR
The directory of the message catalogs, instead of
.Pa share/locale
beside the binary's
.Pa bin/
.Pq Pa /usr/share/locale ;
for tests and build trees.
.El
.Sh FILES
.Bl -tag -width Ds
.It Pa $XDG_CONFIG_HOME/dailyquote/config.toml
The config file (default
.Pa ~/.config/dailyquote/config.toml ) .
.It Pa $XDG_CONFIG_DIRS/dailyquote/config.toml
The system-wide config (default
.Pa /etc/xdg/dailyquote/config.toml ) :
defaults for every user.
The user's file overrides it key by key, and a
.Cm [[source]]
list in the user's file replaces the system's list.
Of several
.Ev XDG_CONFIG_DIRS
entries the first is the most important.
A commented example is in
.Pa /usr/share/doc/dailyquote/examples/config.toml .
.It Pa $XDG_CACHE_HOME/dailyquote/quote.json
The cached quote, written atomically by
.Nm refresh .
.It Pa $XDG_DATA_HOME/dailyquote/favorites.jsonl
The quotes saved with the Save button, one JSON object a line
.Pq default Pa ~/.local/share/dailyquote/favorites.jsonl ;
.Nm favorites
lists them and removes one. A damaged line is skipped with a warning and kept.
.It Pa $XDG_STATE_HOME/dailyquote/
The delivery state
.Pq Pa state.json ,
rebuilt from the history when it is missing or corrupt
.Pq a corrupt one is kept as Pa state.json.corrupt ,
the history
.Pq Pa history.jsonl ,
how held notifications ended
.Pq Pa closed.jsonl ,
the buttons pressed on them
.Pq Pa actions.jsonl ,
a live holder
.Pq Pa hold.json , Pa hold.lock ,
a delivery waiting for the person
.Pq Pa presence.json , Pa presence.lock ,
the last refresh result
.Pq Pa refresh.json
and the locks.
.It Pa $XDG_CONFIG_HOME/systemd/user/dailyquote-{notify,refresh}.{service,timer}
.It Pa $XDG_CONFIG_HOME/systemd/user/dailyquote-config.{path,service}
The systemd user units that
.Nm install
generates; they take precedence over the generator's.
.It Pa /usr/lib/systemd/user-generators/dailyquote-generator
The systemd user generator, a link to
.Nm :
at every login and
.Ql systemctl --user daemon-reload
it writes the same units into
.Pa $XDG_RUNTIME_DIR/systemd/generator ,
so that installing the package is enough.
.Pa dailyquote-config.path
reloads the user manager when the config changes. For a time within an hour of a DST change
the timers list the planned instants in UTC, and
.Pa dailyquote-config.timer
reloads every 1 January to renew them.
.It Pa /etc/xdg/autostart/dailyquote.desktop
Starts
.Nm run Fl -from-autostart
at login on desktops without a systemd user manager; where one answers,
.Nm run
exits at once (the timers deliver), as some session managers ignore
.Ql X-systemd-skip=true .
Without a user manager it is the engine, and
.Nm doctor
says so.
.It Pa /usr/share/applications/io.github.dailyquote.DailyQuote.desktop
The application's desktop entry: GNOME accepts its own notifications only with it installed.
.It Pa /usr/share/dbus-1/services/io.github.dailyquote.DailyQuote.service
Makes the session bus start
.Nm action-service
when a button of a GNOME notification is pressed
.Pq through the user unit of the same name where systemd activates it .
.It Pa /usr/share/locale/*/LC_MESSAGES/dailyquote.mo
The translations, one catalog per language.
.El
.Sh EXIT STATUS
.Bl -tag -width Ds
.It 0
Success.
.It 1
Another failure, a failed
.Nm doctor
check, or
.Nm show Fl -favorite
with no favourite saved, or
.Nm uninstall
without
.Fl -yes
and without a terminal where the generator's timers need
.Ql enabled = false
in the config (it prints the step).
.It 64
Bad command-line usage, such as
.Nm favorites Fl -remove
with a number that is not in the list.
.It 65
The internal
.Nm hold
command got a request it cannot read.
.It 69
A needed service is unavailable: no session bus, no notification server, or no systemd user manager for
.Nm install .
The delivery stays due.
.It 70
An internal error: a bug, please report it.
.It 71
.Nm run
could not set up its timers (timerfd, inotify).
.It 73
A file could not be written, the delivery ledger included.
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
    # The footer names the program and its version (man-sections.py FILE [VERSION]), where
    # generate-manual leaves the operating system's name.
    if len(sys.argv) > 2:
        text = re.sub(r"^\.Os *$", ".Os dailyquote " + sys.argv[2], text, count=1, flags=re.M)
    # generate-manual writes an EXIT STATUS section of its own (".Ex -std"): ours replaces it.
    text = re.sub(r'\n\.Sh "?EXIT STATUS"?\n(?:(?!\.Sh ).*\n)*', "\n", text)
    # Help texts use Markdown-style `code`; a man page shows it in bold instead.
    text = re.sub(r"`([^`\n]+)`", r"\\fB\1\\fR", text)
    marker = "\n.Sh AUTHORS"
    if marker in text:
        text = text.replace(marker, "\n" + SECTIONS.rstrip("\n") + marker, 1)
    else:
        text = text.rstrip("\n") + "\n" + SECTIONS
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
