#!/usr/bin/env bash
# Builds dist/dailyquote_<version>_amd64.deb from a release build with the Swift runtime
# linked statically, so that the package runs without a Swift toolchain. No network.
#   packaging/build-deb.sh              build, then check the package with lintian
#   packaging/build-deb.sh --no-lintian  build only (packaging/check-reproducible.sh)
# Needs: a Swift 6 toolchain, dpkg-dev (dpkg-shlibdeps), lintian.
# Reproducible: two builds of one commit give the same bytes (packaging/check-reproducible.sh).
# Every time in the package (the files', the man page's date, the changelog's UNRELEASED entry,
# the AppStream development release) is SOURCE_DATE_EPOCH, by default the commit's time.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env
lint=1
[ "${1:-}" = "--no-lintian" ] && lint=0
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH
# Sorting and the man page's tools behave alike whatever the builder's locale.
export LC_ALL=C.UTF-8

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/debian/dailyquote"

make build 2>&1 | tee "$work/build.log"
packaging/stage.sh "$root" /usr /etc 2>&1 | tee "$work/stage.log"
# What a user's `make install` prints carries no warning the user cannot act on (issue 30, item 18).
if grep -h 'warning: prohibited flag' "$work/build.log" "$work/stage.log"; then
  echo "build-deb: the build printed SwiftPM's -pthread warnings" >&2
  exit 1
fi
binary="$root/usr/bin/dailyquote"
version=$("$binary" --version)
[ "$version" = "$(scripts/version)" ] ||
  { echo "build-deb: the binary is $version, but ReleaseVersion.swift says $(scripts/version): a stale build?" >&2; exit 1; }

# Every static archive and object the linker took (make build's link map) is named in the
# copyright file, with its license.
python3 packaging/check-copyright.py .build/dailyquote.map packaging/debian/copyright

doc="$root/usr/share/doc/dailyquote"
# stage.sh installed copyright (Debian's name for it) and LICENSE, which Debian has as
# /usr/share/common-licenses/Apache-2.0 (lintian: extra-license-file).
rm "$doc/LICENSE"
# A native package's changelog, made from CHANGELOG.md.
python3 packaging/release-notes.py debian | gzip -9n >"$doc/changelog.gz"
# One version (ReleaseVersion.swift, which --version prints): CHANGELOG.md, the Debian changelog
# and the AppStream releases agree with it (X.Y.Z~dev between releases).
python3 packaging/release-notes.py check --debian "$doc/changelog.gz" \
  --metainfo "$root/usr/share/metainfo/io.github.dailyquote.DailyQuote.metainfo.xml"

# Depends: the shared libraries the binary really links, as dpkg-shlibdeps reads them.
mkdir -p "$work/debian"
# dpkg-shlibdeps finds the package's root by its DEBIAN directory (else it warns that the binary
# is not installed in its package's directory).
install -d "$root/DEBIAN"
printf 'Source: dailyquote\n\nPackage: dailyquote\nArchitecture: amd64\n' >"$work/debian/control"
# Its warnings are shown, and one about a library linked but not used fails the build (libgdk_pixbuf
# came in with libnotify's pkg-config flags until Sources/CLibnotify stopped using them).
depends=$(cd "$work" && dpkg-shlibdeps -O "debian/dailyquote/usr/bin/dailyquote" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p')
cat "$work/shlibdeps.err" >&2
if grep -E 'useless dependency|not linked against|unnecessarily linked' "$work/shlibdeps.err" >/dev/null; then
  echo "build-deb: the binary links a library it does not use (see dpkg-shlibdeps above)" >&2
  exit 1
fi
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# The fetch stage opens libcurl.so.4 with dlopen, which dpkg-shlibdeps cannot see; the planner
# reads the tz database's TZif files.
depends="$depends, libcurl4 (>= 7.68), tzdata"

size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" packaging/debian/control.in >"$root/DEBIAN/control"
echo /etc/xdg/autostart/dailyquote.desktop >"$root/DEBIAN/conffiles"
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) >"$root/DEBIAN/md5sums"
# The same modes whatever the builder's umask, and every file's time SOURCE_DATE_EPOCH.
chmod -R u+rwX,go+rX,go-w "$root"
find "$root" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

mkdir -p dist
package="dist/dailyquote_${version}_amd64.deb"
dpkg-deb --build --root-owner-group -Zxz "$root" "$package" >/dev/null
echo "build-deb: $package ($(du -h "$package" | cut -f1)); Depends: $depends"
if [ "$lint" = 1 ] && command -v lintian >/dev/null; then
  # Its tags, info ones included, are kept beside the package for packaging/test-deb.sh.
  lintian --display-info --tag-display-limit 0 --fail-on error "$package" | tee "${package%.deb}.lintian"
fi
