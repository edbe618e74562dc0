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

# No RUNPATH into the toolchain: the runtime is linked in.
swift build -c release --static-swift-stdlib -Xswiftc -no-toolchain-stdlib-rpath --product dailyquote
install -D -m 0755 .build/release/dailyquote "$root/usr/bin/dailyquote"
binary="$root/usr/bin/dailyquote"
version=$("$binary" --version)

# The man page comes from the command definitions (swift-argument-parser's plugin, on the
# debug build the tests already made), plus what it cannot know: FILES and EXIT STATUS.
swift package --allow-writing-to-package-directory generate-manual --configuration debug >/dev/null
manual=$(find .build/plugins/GenerateManual/outputs -name dailyquote.1 | head -n 1)
[ -n "$manual" ] || { echo "build-deb: generate-manual produced no dailyquote.1" >&2; exit 1; }

strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/dailyquote"

mkdir -p "$root/usr/share/man/man1"
python3 packaging/man-sections.py "$manual" >"$root/usr/share/man/man1/dailyquote.1"
gzip -9n "$root/usr/share/man/man1/dailyquote.1"

install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
# bash-completion sources the file; a #! line would only mislead.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' >"$root/usr/share/bash-completion/completions/dailyquote"
"$binary" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_dailyquote"
"$binary" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/dailyquote.fish"

install -D -m 0644 packaging/dailyquote.desktop "$root/usr/share/applications/dailyquote.desktop"
install -D -m 0644 packaging/autostart/dailyquote.desktop "$root/etc/xdg/autostart/dailyquote.desktop"
install -D -m 0644 packaging/icons/dailyquote.svg "$root/usr/share/icons/hicolor/scalable/apps/dailyquote.svg"
for png in packaging/icons/hicolor/*/dailyquote.png; do
  size=$(basename "$(dirname "$png")")
  install -D -m 0644 "$png" "$root/usr/share/icons/hicolor/$size/apps/dailyquote.png"
done

doc="$root/usr/share/doc/dailyquote"
install -D -m 0644 Resources/config.example.toml "$doc/examples/config.toml"
install -m 0644 packaging/debian/copyright "$doc/copyright"
install -D -m 0644 packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/dailyquote"
printf 'dailyquote (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- dailyquote developers <dailyquote@example.org>  %s\n' \
  "$version" "$version" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}")" | gzip -9n >"$doc/changelog.gz"

# Depends: the shared libraries the binary really links, as dpkg-shlibdeps reads them.
mkdir -p "$work/debian"
printf 'Source: dailyquote\n\nPackage: dailyquote\nArchitecture: amd64\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "root/usr/bin/dailyquote" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

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
