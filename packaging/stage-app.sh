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
# The user unit and the D-Bus service go where the user manager and the session bus look: for a
# per-user install (STAGE_USER=1, or a prefix in $HOME) under $XDG_DATA_HOME (~/.local/share),
# whatever the prefix; for the system prefixes under lib/ and share/.
user=${STAGE_USER:-}
if [ -z "$user" ]; then case "$prefix/" in "${HOME:-/nonexistent}"/*) user=1 ;; *) user=0 ;; esac; fi
if [ "$user" = 1 ]; then
  data="$destdir${XDG_DATA_HOME:-$HOME/.local/share}"
  unitdir="$data/systemd/user" busdir="$data/dbus-1/services"
else
  unitdir="$root/lib/systemd/user" busdir="$root/share/dbus-1/services"
fi
install -d "$unitdir" "$busdir"
sed "s|@BINDIR@|$prefix/bin|g" "packaging/dbus/$appid.user-unit.in" >"$unitdir/$appid.service"
sed -e "s|@BINDIR@|$prefix/bin|g" -e "s|@SYSTEMD_SERVICE@|SystemdService=$appid.service|" "packaging/dbus/$appid.service.in" \
  >"$busdir/$appid.service"
chmod 0644 "$unitdir/$appid.service" "$busdir/$appid.service"
install -D -m 0644 packaging/icons/dailyquote.svg "$root/share/icons/hicolor/scalable/apps/$appid.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  size=$(basename "$(dirname "$png")")
  install -D -m 0644 "$png" "$root/share/icons/hicolor/$size/apps/$appid.png"
done
# Plasma keeps a notification in its history, and lists its application in its settings, only
# for a configurable application: dailyquote's KNotifications file, named by the x-kde-appname hint.
install -d "$root/share/knotifications6" "$root/share/knotifications5"
packaging/build-translations.sh --desktop packaging/knotifications/dailyquote.notifyrc.in "$root/share/knotifications6/dailyquote.notifyrc"
install -m 0644 "$root/share/knotifications6/dailyquote.notifyrc" "$root/share/knotifications5/dailyquote.notifyrc"
# The icon name before the application id, which configs may still name (`icon = "dailyquote"`): links.
ln -sfn "$appid.svg" "$root/share/icons/hicolor/scalable/apps/dailyquote.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  ln -sfn "$appid.png" "$root/share/icons/hicolor/$(basename "$(dirname "$png")")/apps/dailyquote.png"
done
