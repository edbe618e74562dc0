#!/usr/bin/env bash
# `make install`: stages a built dailyquote (packaging/stage.sh) into a temporary tree, copies it
# into place and records every file and every directory it made in a manifest (a per-user install
# also the directories dailyquote will make that are not there yet), which `make uninstall`
# (packaging/uninstall.sh) removes exactly, directories only once empty:
#   packaging/install.sh DESTDIR PREFIX SYSCONFDIR [USER_INSTALL]
# With a DESTDIR (a package's staging tree) it only stages, as before, with no manifest.
#
# A per-user install (USER_INSTALL=auto, the default: PREFIX under $HOME, or /etc not writable;
# or USER_INSTALL=1) writes only under PREFIX and where the user's own systemd and session bus
# look ($XDG_DATA_HOME, default ~/.local/share), and the autostart entry to
# $XDG_CONFIG_HOME/autostart (default ~/.config/autostart). systemd reads no generator of a
# user's, so it then runs `dailyquote install`, which writes and starts the timers in
# ~/.config/systemd/user; where no user manager answers, it writes no units and says, in one
# note, that the autostart entry starts `dailyquote run` at the next login.
set -euo pipefail
cd "$(dirname "$0")/.."
destdir=$1 prefix=$2 sysconfdir=$3 mode=${4:-auto}
if [ -n "$destdir" ]; then exec packaging/stage.sh "$destdir" "$prefix" "$sysconfdir"; fi
case "$prefix" in /*) ;; *) echo "install: PREFIX must be an absolute path: $prefix" >&2; exit 2 ;; esac
prefix=${prefix%/}
user=0
case "$mode" in
1 | yes) user=1 ;;
0 | no) user=0 ;;
*)
  case "$prefix/" in "${HOME:-/nonexistent}"/*) user=1 ;; esac
  [ -w /etc ] || user=1
  ;;
esac
# The nearest existing directory of PREFIX must be writable, or nothing can be installed.
probe=$prefix
while [ ! -e "$probe" ]; do probe=$(dirname "$probe"); done
if [ ! -w "$probe" ]; then
  echo "install: cannot write $probe: run as root, or install for yourself with \`make install PREFIX=\$HOME/.local\`" >&2
  exit 2
fi

manifest="$prefix/share/dailyquote/installed-files"
stage=$(mktemp -d)
list=$(mktemp)
trap 'rm -rf "$stage" "$list"' EXIT
# An earlier install's entries stay: the directories it made are still this install's to remove.
[ -f "$manifest" ] && grep -E '^(f|d|mode) ' "$manifest" | grep -v '^mode ' >"$list" || true
echo "mode $([ $user = 1 ] && echo user || echo system)" >>"$list"
# Written however the copy ends, so that a failed install can be removed too.
save() {
  made_dirs "$(dirname "$manifest")"
  echo "f $manifest" >>"$list"
  awk '!seen[$0]++' "$list" >"$manifest" && chmod 0644 "$manifest"
}
# Makes DIR and its missing parents, recording each one it made.
made_dirs() {
  local dir=$1 missing=()
  while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir=$(dirname "$dir"); done
  for dir in "${missing[@]}"; do mkdir -m 0755 "$dir" && echo "d $dir" >>"$list"; done
}

STAGE_USER=$user packaging/stage.sh "$stage" "$prefix" "$sysconfdir"
trap 'save; rm -rf "$stage" "$list"' EXIT
while IFS= read -r -d '' path; do
  made_dirs "/${path#./}"
done < <(cd "$stage" && find . -mindepth 1 -type d -print0 | sort -z)
while IFS= read -r -d '' path; do
  target="/${path#./}"
  rm -f "$target"
  cp -P --preserve=mode "$stage/$path" "$target"
  echo "f $target" >>"$list"
done < <(cd "$stage" && find . ! -type d -print0 | sort -z)
echo "installed $(grep -c '^f ' "$list") files under $prefix$([ $user = 1 ] && echo " and your own directories"); the list: $manifest"

[ $user = 1 ] || exit 0
# Directories dailyquote and the user manager make later for it (the cache, the state, the timers'
# stamps): each one not there yet is recorded too, so that `make uninstall` removes it once empty.
# The data directory too: the sandboxed services make it for Save (docs/engines.md).
for dir in "${XDG_CACHE_HOME:-$HOME/.cache}/dailyquote" "${XDG_STATE_HOME:-$HOME/.local/state}/dailyquote" \
  "${XDG_DATA_HOME:-$HOME/.local/share}/dailyquote" "${XDG_DATA_HOME:-$HOME/.local/share}/systemd/timers"; do
  while [ ! -d "$dir" ]; do echo "d $dir" >>"$list" && dir=$(dirname "$dir"); done
done
# zsh reads no directory of a user's by default (its fpath is the system's): one line says how, with or
# without a user manager.
echo "zsh completion: add \`fpath=(~/.zfunc \$fpath)\` before compinit in ~/.zshrc and run \`mkdir -p ~/.zfunc && $prefix/bin/dailyquote --generate-completion-script zsh >~/.zfunc/_dailyquote\`"
autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart/dailyquote.desktop"
# Without a user manager (no systemd, or a session without one) timers would be written where
# nothing runs them: the autostart entry is what delivers, and that is the one thing to say (as
# scripts/setup says it).
# shellcheck source=packaging/no-user-manager.sh
. packaging/no-user-manager.sh
if ! user_manager_answers; then
  no_user_manager_note "$autostart" "$prefix/bin/dailyquote"
  exit 0
fi
# The directories `dailyquote install` makes for its units are this install's too.
units="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
for dir in "$units" "$units/timers.target.wants" "$units/paths.target.wants"; do made_dirs "$dir"; done
if "$prefix/bin/dailyquote" install; then
  echo "the timers run in your systemd user manager; \`make uninstall PREFIX=$prefix\` removes them with the rest"
else
  echo "the timers are not started: run \`$prefix/bin/dailyquote install\` again once \`systemctl --user status\` answers"
fi
