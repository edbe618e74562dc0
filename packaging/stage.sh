#!/usr/bin/env bash
# Installs a built dailyquote and its files under DESTDIR/PREFIX (the `make install` layout):
#   packaging/stage.sh DESTDIR PREFIX [SYSCONFDIR]
# Expects .build/release/dailyquote (see the Makefile); the man page comes from generate-manual.
# With STAGE_USER=1 (a per-user install: packaging/install.sh decides), nothing goes outside the
# user's own directories: the autostart entry in $XDG_CONFIG_HOME/autostart, the D-Bus service,
# its unit and the bash and fish completions under $XDG_DATA_HOME, and nothing that only the
# system's directories are read for: neither the generator nor the static config watch (a user
# manager reads no generator of a user's; `dailyquote install` writes the timers instead), the
# zsh completion or the AppStream metadata.
set -euo pipefail
cd "$(dirname "$0")/.."
destdir=$1 prefix=$2 sysconfdir=${3:-/etc}
root="$destdir$prefix"
user=${STAGE_USER:-0}

install -D -m 0755 .build/release/dailyquote "$root/bin/dailyquote"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/bin/dailyquote"
# The Swift compiler's module hashes (for its incremental builds; nothing reads them at run time)
# depend on the build directory: without them, and with the build id made from the binary's own
# bytes, a build elsewhere gives the same binary (packaging/check-reproducible.sh).
objcopy --remove-section=.swift_modhash "$root/bin/dailyquote"
python3 packaging/build-id.py "$root/bin/dailyquote"
binary="$root/bin/dailyquote"

# The man page comes from the command definitions (swift-argument-parser's plugin), plus what
# it cannot know: FILES and EXIT STATUS. It is kept in .build/man and made again only when the
# binary is newer, so that an install from a built tree needs no Swift (and writes nothing there).
cached=.build/man/dailyquote.1
if [ ! -s "$cached" ] || [ .build/release/dailyquote -nt "$cached" ] || [ packaging/man-sections.py -nt "$cached" ]; then
  . scripts/swift-env
  # The plugin builds the commands' definitions (a debug build) and prints that build's progress,
  # a hundred lines inside `make install`: kept in a file, and shown only if it fails (without
  # SwiftPM's -pthread warning, see the Makefile's QUIET_PTHREAD).
  log=$(mktemp)
  if ! swift package --allow-writing-to-package-directory generate-manual --configuration debug >"$log" 2>&1; then
    grep -v -F 'prohibited flag(s): -pthread' "$log" >&2 || true
    rm -f "$log"
    echo "stage: generate-manual failed (its output above)" >&2
    exit 1
  fi
  rm -f "$log"
  manual=$(find .build/plugins/GenerateManual/outputs -name dailyquote.1 | head -n 1)
  [ -n "$manual" ] || { echo "stage: generate-manual produced no dailyquote.1" >&2; exit 1; }
  mkdir -p .build/man
  python3 packaging/man-sections.py "$manual" "$(.build/release/dailyquote --version)" >"$cached.tmp" && mv "$cached.tmp" "$cached"
fi
mkdir -p "$root/share/man/man1"
# generate-manual dates the page with the day it ran; with SOURCE_DATE_EPOCH (packaging/build-deb.sh
# sets the commit's time) the page is dated with it, so that two builds of one commit agree.
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  sed "s/^\.Dd .*/.Dd $(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH" '+%B %-d, %Y')/" "$cached"
else
  cat "$cached"
fi | gzip -9n >"$root/share/man/man1/dailyquote.1.gz"

# The completions go where the shells read them: for the system prefixes under share/; for a
# per-user install under $XDG_DATA_HOME (~/.local/share, whatever the prefix), which bash-completion
# and fish read (zsh reads no directory of a user's by default: packaging/install.sh says how to
# add one instead of installing a file nothing reads).
if [ "$user" = 1 ]; then completions="$destdir${XDG_DATA_HOME:-$HOME/.local/share}"; else completions="$root/share"; fi
install -d "$completions/bash-completion/completions" "$completions/fish/vendor_completions.d"
# bash-completion sources the file; a #! line would only mislead.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' >"$completions/bash-completion/completions/dailyquote"
"$binary" --generate-completion-script fish >"$completions/fish/vendor_completions.d/dailyquote.fish"
if [ "$user" != 1 ]; then
  install -d "$root/share/zsh/vendor-completions"
  "$binary" --generate-completion-script zsh >"$root/share/zsh/vendor-completions/_dailyquote"
fi

# The systemd user generator is this binary under another name (argv[0] selects it), run by
# every user manager at login and daemon-reload; the static config watch stands in while the
# generator writes nothing. Relative links, so that DESTDIR staging keeps them right.
if [ "$user" != 1 ]; then
install -d "$root/lib/systemd/user-generators" "$root/lib/systemd/user/paths.target.wants"
ln -sfn ../../../bin/dailyquote "$root/lib/systemd/user-generators/dailyquote-generator"
install -m 0644 packaging/systemd-user/dailyquote-config.path packaging/systemd-user/dailyquote-config.service \
  "$root/lib/systemd/user/"
ln -sfn ../dailyquote-config.path "$root/lib/systemd/user/paths.target.wants/dailyquote-config.path"
fi

# The translations (po/, gettext): a catalog per language where the binary looks for them,
# <prefix>/share/locale (beside its bin/), and the desktop entries with their Name[LL]= and
# Comment[LL]= lines, from the same .po files (stage-app.sh writes the application's entry).
packaging/build-translations.sh "$root/share/locale"
STAGE_USER=$user packaging/stage-app.sh "$destdir" "$prefix"
if [ "$user" = 1 ]; then autostart="$destdir${XDG_CONFIG_HOME:-$HOME/.config}/autostart"; else autostart="$destdir$sysconfdir/xdg/autostart"; fi
install -d "$autostart"
sed "s|@BINDIR@|$prefix/bin|g" packaging/autostart/dailyquote.desktop.in >"$autostart/dailyquote.desktop.in"
packaging/build-translations.sh --desktop "$autostart/dailyquote.desktop.in" "$autostart/dailyquote.desktop"
rm "$autostart/dailyquote.desktop.in"
install -D -m 0644 Resources/config.example.toml "$root/share/doc/dailyquote/examples/config.toml"

# Release 1.0 (issue 31): the license and the list of what the binary carries with their
# licenses, and the AppStream metadata (its <releases> made from CHANGELOG.md). Software centres
# read the metadata only from the system's directories: a per-user install leaves it out.
install -m 0644 LICENSE packaging/debian/copyright "$root/share/doc/dailyquote/"
if [ "$user" != 1 ]; then
  # Its name, summary, description, keywords and caption are translated from po/ (msgfmt --xml).
  install -d "$root/share/metainfo"
  metainfo="$root/share/metainfo/io.github.dailyquote.DailyQuote.metainfo.xml"
  python3 packaging/release-notes.py metainfo packaging/io.github.dailyquote.DailyQuote.metainfo.xml.in >"$metainfo.in"
  packaging/build-translations.sh --metainfo "$metainfo.in" "$metainfo"
  rm "$metainfo.in"
fi
