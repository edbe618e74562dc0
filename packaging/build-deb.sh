#!/usr/bin/env bash
# Builds dist/dailyquote_<version>_amd64.deb from a release build with the Swift runtime
# linked statically, so that the package runs without a Swift toolchain. No network.
#   packaging/build-deb.sh            build, then check the package with lintian
# Needs: a Swift 6 toolchain, dpkg-dev (dpkg-shlibdeps), lintian.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

make build
packaging/stage.sh "$root" /usr /etc
binary="$root/usr/bin/dailyquote"
version=$("$binary" --version)

doc="$root/usr/share/doc/dailyquote"
install -m 0644 packaging/debian/copyright "$doc/copyright"
printf 'dailyquote (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- dailyquote developers <dailyquote@example.org>  %s\n' \
  "$version" "$version" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}")" | gzip -9n >"$doc/changelog.gz"

# Depends: the shared libraries the binary really links, as dpkg-shlibdeps reads them.
mkdir -p "$work/debian"
printf 'Source: dailyquote\n\nPackage: dailyquote\nArchitecture: amd64\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "root/usr/bin/dailyquote" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# The fetch stage opens libcurl.so.4 with dlopen, which dpkg-shlibdeps cannot see; the planner
# reads the tz database's TZif files.
depends="$depends, libcurl4 (>= 7.68), tzdata"

install -d "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" packaging/debian/control.in >"$root/DEBIAN/control"
echo /etc/xdg/autostart/dailyquote.desktop >"$root/DEBIAN/conffiles"
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) >"$root/DEBIAN/md5sums"

mkdir -p dist
package="dist/dailyquote_${version}_amd64.deb"
dpkg-deb --build --root-owner-group -Zxz "$root" "$package" >/dev/null
echo "build-deb: $package ($(du -h "$package" | cut -f1)); Depends: $depends"
if command -v lintian >/dev/null; then
  lintian --fail-on error "$package"
fi
