#!/usr/bin/env bash
# Installs the files named after dailyquote's application id under DESTDIR/PREFIX (part of
# packaging/stage.sh; the GNOME 48 check installs them alone):
#   packaging/stage-app.sh DESTDIR PREFIX
set -euo pipefail
cd "$(dirname "$0")/.."
destdir=$1 prefix=$2
root="$destdir$prefix"

# The application id names the desktop entry, the D-Bus service and the icons: GNOME needs the
# entry for dailyquote's notifications, and starts the service (`dailyquote action-service`) when
# one of their buttons is pressed. Exec= wants an absolute path (PREFIX, not DESTDIR).
appid=io.github.dailyquote.DailyQuote
install -d "$root/share/applications"
# Its Name[LL]=, GenericName[LL]= and Comment[LL]= come from po/ (msgfmt --desktop).
sed -e "s|@BINDIR@|$prefix/bin|g" -e "s|@VERSION@|$(scripts/version)|" "packaging/$appid.desktop.in" >"$root/share/applications/$appid.desktop.in"
packaging/build-translations.sh --desktop "$root/share/applications/$appid.desktop.in" "$root/share/applications/$appid.desktop"
rm "$root/share/applications/$appid.desktop.in"
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
install -D -m 0644 packaging/icons/dailyquote.svg "$root/share/icons/hicolor/scalable/apps/$appid.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  size=$(basename "$(dirname "$png")")
  install -D -m 0644 "$png" "$root/share/icons/hicolor/$size/apps/$appid.png"
done
# The icon name before the application id, which configs may still name (`icon = "dailyquote"`): links.
ln -sfn "$appid.svg" "$root/share/icons/hicolor/scalable/apps/dailyquote.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  ln -sfn "$appid.png" "$root/share/icons/hicolor/$(basename "$(dirname "$png")")/apps/dailyquote.png"
done
