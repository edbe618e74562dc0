#!/usr/bin/env bash
# CI test of the Debian package, as root: builds it, installs it with apt-get, runs the
# installed binary (--version, schedule, notify --now against a real dunst), checks the man
# page and the completions, and removes the package again.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "test-deb: needs root (apt-get install)" >&2; exit 1; }

packaging/build-deb.sh
package=$(ls -t dist/dailyquote_*_amd64.deb | head -n 1)
# Release 1.0 (issue 31): the package is the one version, lintian has nothing to say about its
# copyright file or changelog, and its changelog is the release's (made from CHANGELOG.md).
[ "$package" = "dist/dailyquote_$(scripts/version)_amd64.deb" ] || { echo "test-deb: FAIL: $package is not version $(scripts/version)" >&2; exit 1; }
tags=$(grep -iE 'copyright|changelog' "${package%.deb}.lintian" || true)
[ -z "$tags" ] || { echo "test-deb: FAIL: lintian on the copyright file or the changelog: $tags" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "./$package" >/dev/null
trap 'apt-get remove -y -qq dailyquote >/dev/null 2>&1 || true' EXIT

fail() { echo "test-deb: FAIL: $*" >&2; exit 1; }
# Run the installed binary without the toolchain on PATH: it must not need /opt/swift.
run() { env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC "$@"; }
home=$(mktemp -d)
appid=io.github.dailyquote.DailyQuote

[ "$(command -v dailyquote)" = /usr/bin/dailyquote ] || fail "dailyquote is not /usr/bin/dailyquote"
ldd /usr/bin/dailyquote | grep -q swift && fail "the binary links a shared Swift runtime"
# make build's link flags (Makefile): no RUNPATH (the loader would search /usr/bin first), and
# none of our own symbols exported (the runtime's start-up dladdr walked them all).
runpath=$(readelf -d /usr/bin/dailyquote | grep -E '\((RUNPATH|RPATH)\)' || true)
[ -z "$runpath" ] || fail "the binary has a RUNPATH: $runpath"
exported=$(readelf --dyn-syms -W /usr/bin/dailyquote | awk '$7 != "UND" && $8 ~ /^\$s/' | wc -l)
[ "$exported" -eq 0 ] || fail "the binary exports $exported Swift symbols (is --no-export-dynamic gone from make build?)"
version=$(run dailyquote --version)
echo "test-deb: installed dailyquote $version"
[ "$version" = "$(scripts/version)" ] || fail "--version prints $version, not the bare $(scripts/version)"
# A release is distributed to unstable; X.Y.Z~dev, any commit after one, is UNRELEASED.
case "$version" in *~dev) distribution=UNRELEASED ;; *) distribution=unstable ;; esac
zcat /usr/share/doc/dailyquote/changelog.gz | head -n 1 | grep -qxF "dailyquote ($version) $distribution; urgency=medium" ||
  fail "changelog.gz does not start with $version ($distribution)"
[ "$(dpkg-query -W -f='${Version}' dailyquote)" = "$version" ] || fail "the package's version is not $version"
# make build's hardening and link (docs/performance.md): BIND_NOW, and no library the binary does not use.
readelf -d /usr/bin/dailyquote | grep -q '(FLAGS).*BIND_NOW' || fail "the binary is not linked with -z now"
readelf -d /usr/bin/dailyquote | grep -q 'libgdk_pixbuf' && fail "the binary links libgdk_pixbuf, which it does not use"
zcat /usr/share/doc/dailyquote/changelog.gz | grep -q '^  \[ Delivery \]$' || fail "changelog.gz is not made from CHANGELOG.md"
grep -q '^License: Apache-2.0$' /usr/share/doc/dailyquote/copyright || fail "the copyright file names no Apache-2.0"
grep -qx "X-DailyQuote-Version=$version" "/usr/share/applications/io.github.dailyquote.DailyQuote.desktop" || fail "the desktop entry is not version $version"
man -P cat dailyquote 2>/dev/null | tail -n 1 | grep -qF "dailyquote $version" || fail "the man page's footer does not name version $version"
metainfo=/usr/share/metainfo/io.github.dailyquote.DailyQuote.metainfo.xml
appstreamcli validate --pedantic --no-net "$metainfo" || fail "appstreamcli validate --pedantic --no-net $metainfo"
grep -q "<release version=\"$version\"" "$metainfo" || fail "the AppStream metadata has no release $version"
# Its summary, description, keywords and caption in the twelve languages of po/ (msgfmt --xml).
for lang in $(cat po/LINGUAS); do
  grep -q "<summary xml:lang=\"$lang\">" "$metainfo" || fail "the AppStream metadata has no $lang summary"
  grep -q "<p xml:lang=\"$lang\">" "$metainfo" || fail "the AppStream metadata has no $lang description"
done
run dailyquote schedule --count 2 | grep -q "08:00" || fail "schedule does not show the 08:00 default"
man -w dailyquote >/dev/null || fail "man -w dailyquote finds no page"
page=$(man -P cat dailyquote 2>/dev/null)
[ "$(grep -c '^EXIT STATUS' <<<"$page")" = 1 ] || fail "the man page needs exactly one EXIT STATUS section"
grep -q '^CONFIGURATION' <<<"$page" || fail "the man page has no CONFIGURATION section"
zcat "$(man -w dailyquote)" | grep -q '`' && fail "the man page has literal Markdown backticks"
for file in /usr/share/bash-completion/completions/dailyquote /usr/share/zsh/vendor-completions/_dailyquote \
  /usr/share/fish/vendor_completions.d/dailyquote.fish /etc/xdg/autostart/dailyquote.desktop \
  /usr/share/icons/hicolor/scalable/apps/dailyquote.svg /usr/share/doc/dailyquote/examples/config.toml \
  "/usr/share/applications/$appid.desktop" "/usr/share/dbus-1/services/$appid.service" "/usr/lib/systemd/user/$appid.service" \
  "/usr/share/icons/hicolor/scalable/apps/$appid.svg" "/usr/share/icons/hicolor/48x48/apps/$appid.png"; do
  [ -s "$file" ] || fail "$file is missing"
done
# The application id (issue 20): the entry GNOME needs, and the service the bus starts for a button.
desktop-file-validate "/usr/share/applications/$appid.desktop" || fail "the desktop entry does not validate"
grep -qx 'DBusActivatable=true' "/usr/share/applications/$appid.desktop" || fail "the desktop entry is not DBusActivatable"
grep -qx 'NoDisplay=true' "/usr/share/applications/$appid.desktop" || fail "the desktop entry shows in menus"
grep -qx 'Exec=/usr/bin/dailyquote action-service' "/usr/share/dbus-1/services/$appid.service" || fail "the D-Bus service does not start the action service"
grep -qx "SystemdService=$appid.service" "/usr/share/dbus-1/services/$appid.service" || fail "the D-Bus service names no user unit"
[ ! -e /usr/share/applications/dailyquote.desktop ] || fail "the entry before the application id is still installed"
# GNOME Shell 43 finds the installed entry: notify --now posts through GNOME's own interface,
# with no warning and no holder left.
out=$(env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC NOTIFICATION_SERVER_SYSTEM_APPS=1 Tests/TestSupport/Harness/with-notification-server.sh --server gnome \
  packaging/inner/gnome-posting.sh)
grep -q "^posting: *GNOME notifications" <<<"$out" || fail "notify on GNOME 43 did not take GNOME's own interface: $out"
grep -q "warning" <<<"$out" && fail "notify on GNOME 43 warned: $out"
grep -q "^holders: 0$" <<<"$out" || fail "a holder was left on the GNOME path: $out"

# notify --now through the installed binary, to the test notification server.
out=$(env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC Tests/TestSupport/Harness/with-notification-server.sh \
  packaging/inner/notify-dunst-history.sh)
echo "$out" | grep -q "Quote of the Day" || fail "notify --now did not reach dunst: $out"

# The translations: the catalogs under /usr/share/locale, found by the installed binary beside
# its bin/ (no DAILYQUOTE_LOCALEDIR), and the entries' translated names.
for lang in $(cat po/LINGUAS); do
  [ -s "/usr/share/locale/$lang/LC_MESSAGES/dailyquote.mo" ] || fail "no $lang catalog in /usr/share/locale"
done
grep -q '^Name\[de\]=dailyquote-Planer$' /etc/xdg/autostart/dailyquote.desktop || fail "the autostart entry has no German name"
grep -q '^Comment\[fr\]=' /usr/share/applications/io.github.dailyquote.DailyQuote.desktop || fail "the desktop entry has no French comment"
locales=$(mktemp -d)
localedef -i de_DE -f UTF-8 "$locales/de_DE.UTF-8" || fail "localedef de_DE.UTF-8 failed"
out=$(env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC LANG=de_DE.UTF-8 LOCPATH="$locales" Tests/TestSupport/Harness/with-notification-server.sh \
  packaging/inner/notify-dunst-history.sh)
rm -rf "$locales"
echo "$out" | grep -q "Zitat des Tages" || fail "notify --now under LANG=de_DE.UTF-8 was not German: $out"

# The user generator: installing the package is enough for a user manager to run the timers,
# and a config edit changes them with no `install`.
[ "$(readlink -f /usr/lib/systemd/user-generators/dailyquote-generator)" = /usr/bin/dailyquote ] ||
  fail "/usr/lib/systemd/user-generators/dailyquote-generator is not a link to the binary"
generated=$(mktemp -d)
run /usr/lib/systemd/user-generators/dailyquote-generator "$generated" "$generated" "$generated"
[ -s "$generated/dailyquote-notify.timer" ] && [ -L "$generated/timers.target.wants/dailyquote-notify.timer" ] ||
  fail "the generator wrote no enabled notify timer"
rm -rf "$generated"
session=$(mktemp -d)
# The session sees the package's own generator, units and autostart entry (HARNESS_SYSTEM_FILES=1:
# the harness's private view would hide them, as it does for every other test).
out=$(env -i PATH=/usr/bin:/bin HOME="$session" XDG_CONFIG_HOME="$session/config" TZ=UTC HARNESS_SYSTEM_FILES=1 Tests/TestSupport/Harness/with-user-session.sh packaging/inner/session-generated-timer.sh)
grep -q "^first: generated active .*08:00:00" <<<"$out" || fail "no generated 08:00 timer at login: $out"
grep -q "^edited: .*06:05:00" <<<"$out" || fail "the config edit did not reach the timer: $out"
grep -qx "installed" <<<"$out" || fail "dailyquote install failed in the session: $out"

apt-get remove -y -qq dailyquote >/dev/null
trap - EXIT
[ ! -e /usr/bin/dailyquote ] || fail "/usr/bin/dailyquote is still there after removal"
# Removed without `dailyquote uninstall`: install's units stay in the user's directory, and the
# autostart entry stays (a conffile). Neither may start anything: the services are skipped by
# their condition (no 203/EXEC failure, no restart every 30 s), and the entry has TryExec=.
out=$(env -i PATH=/usr/bin:/bin HOME="$session" XDG_CONFIG_HOME="$session/config" TZ=UTC HARNESS_SYSTEM_FILES=1 Tests/TestSupport/Harness/with-user-session.sh packaging/inner/session-after-removal.sh)
rm -rf "$session"
grep -qx "dailyquote-notify.service no inactive success 0" <<<"$out" || fail "the notify service ran after the removal: $out"
grep -qx "dailyquote-refresh.service no inactive success 0" <<<"$out" || fail "the refresh service ran after the removal: $out"
grep -qx "TryExec=/usr/bin/dailyquote" /etc/xdg/autostart/dailyquote.desktop ||
  fail "the autostart entry left after removal has no TryExec=/usr/bin/dailyquote"
dpkg -s dailyquote >/dev/null 2>&1 && [ "$(dpkg-query -W -f='${db:Status-Status}' dailyquote)" != config-files ] && fail "the package is still installed"
rm -rf "$home"
echo "test-deb: ok"
