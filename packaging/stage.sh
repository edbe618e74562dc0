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
python3 packaging/man-sections.py "$manual" | gzip -9n >"$root/share/man/man1/dailyquote.1.gz"

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

# The application id names the desktop entry, the D-Bus service and the icons: GNOME needs the
# entry for dailyquote's notifications, and starts the service (`dailyquote action-service`) when
# one of their buttons is pressed. Exec= wants an absolute path (PREFIX, not DESTDIR).
appid=io.github.dailyquote.DailyQuote
install -d "$root/share/applications"
sed "s|@BINDIR@|$prefix/bin|g" "packaging/$appid.desktop.in" >"$root/share/applications/$appid.desktop"
chmod 0644 "$root/share/applications/$appid.desktop"
# The user unit goes where the user manager looks: a prefix in $HOME (make install
# PREFIX=$HOME/.local) has it under share/, the system prefixes under lib/.
case "$prefix/" in
"${HOME:-/nonexistent}"/*) unitdir="$root/share/systemd/user" ;;
*) unitdir="$root/lib/systemd/user" ;;
esac
install -d "$unitdir" "$root/share/dbus-1/services"
sed "s|@BINDIR@|$prefix/bin|g" "packaging/dbus/$appid.user-unit.in" >"$unitdir/$appid.service"
sed -e "s|@BINDIR@|$prefix/bin|g" -e "s|@SYSTEMD_SERVICE@|SystemdService=$appid.service|" "packaging/dbus/$appid.service.in" \
  >"$root/share/dbus-1/services/$appid.service"
chmod 0644 "$unitdir/$appid.service" "$root/share/dbus-1/services/$appid.service"
install -D -m 0644 packaging/autostart/dailyquote.desktop "$destdir$sysconfdir/xdg/autostart/dailyquote.desktop"
install -D -m 0644 packaging/icons/dailyquote.svg "$root/share/icons/hicolor/scalable/apps/$appid.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  size=$(basename "$(dirname "$png")")
  install -D -m 0644 "$png" "$root/share/icons/hicolor/$size/apps/$appid.png"
done
# The old icon name, which configs may name (`icon = "dailyquote"`, the default): links.
ln -sfn "$appid.svg" "$root/share/icons/hicolor/scalable/apps/dailyquote.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  ln -sfn "$appid.png" "$root/share/icons/hicolor/$(basename "$(dirname "$png")")/apps/dailyquote.png"
done
install -D -m 0644 Resources/config.example.toml "$root/share/doc/dailyquote/examples/config.toml"
