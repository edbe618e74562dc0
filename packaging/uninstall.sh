#!/usr/bin/env bash
# `make uninstall`: removes what `make install` (packaging/install.sh) recorded in its manifest,
# files first, then the directories it made (deepest first, each only if empty), carrying on past
# any failure and naming them all at the end (exit 1):
#   packaging/uninstall.sh DESTDIR PREFIX SYSCONFDIR
# A per-user install's timers go first (`dailyquote uninstall`). Without a manifest (an install
# from before it, or a DESTDIR), the files of the layout are removed by name.
set -uo pipefail
destdir=$1 prefix=${2%/} sysconfdir=$3
root="$destdir$prefix"
manifest="$root/share/dailyquote/installed-files"
failed=()
remove() { [ ! -e "$1" ] && [ ! -L "$1" ] && return 0; rm -f -- "$1" 2>/dev/null || failed+=("$1"); }

if [ -z "$destdir" ] && [ -f "$manifest" ]; then
  entries=$(cat "$manifest")
  if grep -qx 'mode user' <<<"$entries" && [ -x "$prefix/bin/dailyquote" ]; then
    "$prefix/bin/dailyquote" uninstall </dev/null || echo "uninstall: \`dailyquote uninstall\` failed; removing the files all the same" >&2
  fi
  while IFS= read -r path; do remove "$path"; done < <(sed -n 's/^f //p' <<<"$entries")
  while IFS= read -r dir; do
    [ -d "$dir" ] || continue
    rmdir -- "$dir" 2>/dev/null || [ -n "$(ls -A "$dir" 2>/dev/null)" ] || failed+=("$dir")
  done < <(sed -n 's/^d //p' <<<"$entries" | sort -r)
  [ -d "$(dirname "$manifest")" ] && rmdir "$(dirname "$manifest")" 2>/dev/null
else
  for path in "$root/bin/dailyquote" "$root/share/man/man1/dailyquote.1.gz" \
    "$root/share/bash-completion/completions/dailyquote" "$root/share/zsh/vendor-completions/_dailyquote" \
    "$root/share/fish/vendor_completions.d/dailyquote.fish" "$root/share/applications/dailyquote.desktop" \
    "$destdir$sysconfdir/xdg/autostart/dailyquote.desktop" \
    "$root/share/applications/io.github.dailyquote.DailyQuote.desktop" \
    "$root/share/dbus-1/services/io.github.dailyquote.DailyQuote.service" \
    "$root/lib/systemd/user/io.github.dailyquote.DailyQuote.service" \
    "$root/share/systemd/user/io.github.dailyquote.DailyQuote.service" \
    "$root/lib/systemd/user-generators/dailyquote-generator" \
    "$root/lib/systemd/user/paths.target.wants/dailyquote-config.path" \
    "$root/lib/systemd/user/dailyquote-config.path" "$root/lib/systemd/user/dailyquote-config.service" \
    "$root"/share/icons/hicolor/*/apps/dailyquote.* "$root"/share/icons/hicolor/*/apps/io.github.dailyquote.DailyQuote.* \
    "$root"/share/locale/*/LC_MESSAGES/dailyquote.mo "$root/share/doc/dailyquote/examples/config.toml" \
    "$root/share/doc/dailyquote/LICENSE" "$root/share/doc/dailyquote/copyright" \
    "$root/share/knotifications6/dailyquote.notifyrc" "$root/share/knotifications5/dailyquote.notifyrc" \
    "$root/share/metainfo/io.github.dailyquote.DailyQuote.metainfo.xml"; do
    remove "$path"
  done
  rmdir "$root/share/doc/dailyquote/examples" "$root/share/doc/dailyquote" 2>/dev/null
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "uninstall: could not remove ${#failed[@]}:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "removed dailyquote from $prefix"
