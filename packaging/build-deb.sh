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

make build 2>&1 | tee "$work/build.log"
packaging/stage.sh "$root" /usr /etc 2>&1 | tee "$work/stage.log"
# What a user's `make install` prints carries no warning the user cannot act on (issue 30, item 18).
if grep -h 'warning: prohibited flag' "$work/build.log" "$work/stage.log"; then
  echo "build-deb: the build printed SwiftPM's -pthread warnings" >&2
  exit 1
fi
binary="$root/usr/bin/dailyquote"
version=$("$binary" --version)

# One version (ReleaseVersion.swift, which --version prints): CHANGELOG.md's latest release
# must be it, since the package's changelog and its AppStream releases are made from that file.
released=$(python3 packaging/release-notes.py version)
[ "$version" = "$released" ] ||
  { echo "build-deb: the binary is $version but CHANGELOG.md's latest release is $released" >&2; exit 1; }

doc="$root/usr/share/doc/dailyquote"
# stage.sh installed copyright (Debian's name for it) and LICENSE, which Debian has as
# /usr/share/common-licenses/Apache-2.0 (lintian: extra-license-file).
rm "$doc/LICENSE"
# A native package's changelog, made from CHANGELOG.md.
python3 packaging/release-notes.py debian | gzip -9n >"$doc/changelog.gz"

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
  # Its tags, info ones included, are kept beside the package for packaging/test-deb.sh.
  lintian --display-info --tag-display-limit 0 --fail-on error "$package" | tee "${package%.deb}.lintian"
fi
