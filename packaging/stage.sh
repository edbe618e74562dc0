#!/usr/bin/env bash
# Installs a built dailyquote and its files under DESTDIR/PREFIX (the `make install` layout):
#   packaging/stage.sh DESTDIR PREFIX [SYSCONFDIR]
# Expects .build/release/dailyquote (see the Makefile) and the man page from generate-manual.
set -euo pipefail
cd "$(dirname "$0")/.."
destdir=$1 prefix=$2 sysconfdir=${3:-/etc}
root="$destdir$prefix"
. scripts/swift-env

install -D -m 0755 .build/release/dailyquote "$root/bin/dailyquote"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/bin/dailyquote"
binary="$root/bin/dailyquote"

# The man page comes from the command definitions (swift-argument-parser's plugin), plus what
# it cannot know: FILES and EXIT STATUS.
swift package --allow-writing-to-package-directory generate-manual --configuration debug >/dev/null
manual=$(find .build/plugins/GenerateManual/outputs -name dailyquote.1 | head -n 1)
[ -n "$manual" ] || { echo "stage: generate-manual produced no dailyquote.1" >&2; exit 1; }
mkdir -p "$root/share/man/man1"
python3 packaging/man-sections.py "$manual" "$("$binary" --version)" | gzip -9n >"$root/share/man/man1/dailyquote.1.gz"

install -d "$root/share/bash-completion/completions" "$root/share/zsh/vendor-completions" \
  "$root/share/fish/vendor_completions.d"
# bash-completion sources the file; a #! line would only mislead.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' >"$root/share/bash-completion/completions/dailyquote"
"$binary" --generate-completion-script zsh >"$root/share/zsh/vendor-completions/_dailyquote"
"$binary" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/dailyquote.fish"

# The systemd user generator is this binary under another name (argv[0] selects it), run by
# every user manager at login and daemon-reload; the static config watch stands in while the
# generator writes nothing. Relative links, so that DESTDIR staging keeps them right.
install -d "$root/lib/systemd/user-generators" "$root/lib/systemd/user/paths.target.wants"
ln -sfn ../../../bin/dailyquote "$root/lib/systemd/user-generators/dailyquote-generator"
install -m 0644 packaging/systemd-user/dailyquote-config.path packaging/systemd-user/dailyquote-config.service \
  "$root/lib/systemd/user/"
ln -sfn ../dailyquote-config.path "$root/lib/systemd/user/paths.target.wants/dailyquote-config.path"

# The translations (po/, gettext): a catalog per language where the binary looks for them,
# <prefix>/share/locale (beside its bin/), and the desktop entries with their Name[LL]= and
# Comment[LL]= lines, from the same .po files (stage-app.sh writes the application's entry).
packaging/build-translations.sh "$root/share/locale"
packaging/stage-app.sh "$destdir" "$prefix"
install -d "$destdir$sysconfdir/xdg/autostart"
packaging/build-translations.sh --desktop packaging/autostart/dailyquote.desktop.in "$destdir$sysconfdir/xdg/autostart/dailyquote.desktop"
install -D -m 0644 Resources/config.example.toml "$root/share/doc/dailyquote/examples/config.toml"

# Release 1.0 (issue 31): the license and the list of what the binary carries with their
# licenses, and the AppStream metadata (its <releases> made from CHANGELOG.md).
install -m 0644 LICENSE packaging/debian/copyright "$root/share/doc/dailyquote/"
install -d "$root/share/metainfo"
python3 packaging/release-notes.py metainfo packaging/io.github.dailyquote.DailyQuote.metainfo.xml.in \
  >"$root/share/metainfo/io.github.dailyquote.DailyQuote.metainfo.xml"
