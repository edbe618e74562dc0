#!/usr/bin/env bash
# `make uninstall`: removes what `make install` (packaging/install.sh) recorded in its manifest,
# files first, then the directories it made (deepest first, each only if empty), carrying on past
# any failure and naming them all at the end (exit 1):
#   packaging/uninstall.sh DESTDIR PREFIX SYSCONFDIR
# A per-user install's timers go first: `dailyquote uninstall` while the binary is there, then,
# in every case, the holder of the quote on screen and the units `dailyquote install` writes, by
# name, stopped and removed with their links; it ends by naming what stays (the cache and the
# state) with a command that removes it, and, where the binary was gone and so could not name
# them, the config and the favourites.
# Without a manifest (an install from before it, or a DESTDIR), the files of the layout are
# removed by name.
set -uo pipefail
destdir=$1 prefix=${2%/} sysconfdir=$3
root="$destdir$prefix"
manifest="$root/share/dailyquote/installed-files"
failed=()
remove() { [ ! -e "$1" ] && [ ! -L "$1" ] && return 0; rm -f -- "$1" 2>/dev/null || failed+=("$1"); }

# The units of `dailyquote install` (SystemdUnit.names), whether or not the binary is still there to
# remove them: stopped, their files and links removed, the manager reloaded and their failures
# forgotten. A unit the manager still runs afterwards is named as a failure.
remove_units() {
  local units="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user" data="${XDG_DATA_HOME:-$HOME/.local/share}"
  local timers=(dailyquote-refresh.timer dailyquote-notify.timer) names=() name state
  names=(dailyquote-refresh.service dailyquote-refresh.timer dailyquote-notify.service dailyquote-notify.timer
    dailyquote-config.path dailyquote-config.service)
  # systemctl --user finds the manager through XDG_RUNTIME_DIR, which a shell without a session lacks.
  local runtime
  runtime="/run/user/$(id -u)"
  [ -z "${XDG_RUNTIME_DIR:-}" ] && [ -d "$runtime" ] && export XDG_RUNTIME_DIR="$runtime"
  local manager=0
  systemctl --user show-environment >/dev/null 2>&1 && manager=1
  if [ $manager = 1 ]; then
    systemctl --user disable --now "${timers[@]}" dailyquote-config.path >/dev/null 2>&1
    systemctl --user stop "${names[@]}" >/dev/null 2>&1
  fi
  local removed=0
  for name in "${names[@]}"; do
    { [ -e "$units/$name" ] || [ -L "$units/$name" ]; } && removed=$((removed + 1))
    remove "$units/$name"
  done
  for name in "${timers[@]}"; do
    remove "$units/timers.target.wants/$name"
    remove "$data/systemd/timers/stamp-$name"
  done
  remove "$units/paths.target.wants/dailyquote-config.path"
  [ $removed = 0 ] || echo "removed the $removed units of \`dailyquote install\` from $units"
  [ $manager = 1 ] || return 0
  systemctl --user daemon-reload || failed+=("the user manager's units (systemctl --user daemon-reload failed)")
  systemctl --user reset-failed "${names[@]}" >/dev/null 2>&1
  for name in "${names[@]}"; do
    # Loaded from elsewhere (the package's generator) is not this install's; gone but running, or
    # failed and so still listed, is.
    state="$(systemctl --user show "$name" -p LoadState --value 2>/dev/null) $(systemctl --user show "$name" -p ActiveState --value 2>/dev/null)"
    case "$state" in "not-found inactive" | loaded* | " ") ;; *) failed+=("$name (${state/ /, } in the user manager)") ;; esac
  done
}

# The holder of the quote on screen (`dailyquote hold`, whose PID hold.json names while it holds
# hold.lock) would keep its buttons live for up to a day, running the removed binary: asked to
# close its notification (SIGTERM, as the next delivery asks it) and waited for; killed where it
# does not end (its quote then stays: say so). Only a process that is a dailyquote hold is
# signalled, so a recycled PID is left alone; this user's only (kill reaches no one else's).
end_holder() {
  local state="${XDG_STATE_HOME:-$HOME/.local/state}/dailyquote" pid words=() waited=0
  [ -f "$state/hold.json" ] && [ -f "$state/hold.lock" ] || return 0
  # Not live: no process holds its lock (flock(1) takes it at once).
  flock -n "$state/hold.lock" true 2>/dev/null && return 0
  pid=$(sed -n 's/.*"pid" *: *\([0-9][0-9]*\).*/\1/p' "$state/hold.json")
  [ -n "$pid" ] && [ "$pid" != $$ ] && [ -r "/proc/$pid/cmdline" ] || return 0
  mapfile -d '' words <"/proc/$pid/cmdline"
  # dailyquote by its name (an installed `dailyquote`, or a copy), or started through /proc/self/exe.
  case "${words[0]##*/}" in dailyquote* | exe) ;; *) return 0 ;; esac
  [ "${words[1]:-}" = hold ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  # Ended: gone, or a zombie left for its parent to reap.
  while kill -0 "$pid" 2>/dev/null && [ "$(sed 's/.*) \(.\).*/\1/' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do
    if [ $waited -ge 100 ]; then
      kill -KILL "$pid" 2>/dev/null
      echo "the holder of the quote on screen (PID $pid) did not end within 5 s and was killed; dismiss the quote: its buttons do nothing now"
      return 0
    fi
    sleep 0.05
    waited=$((waited + 1))
  done
  echo "closed the quote on screen and ended its holder (PID $pid)"
}

# The person's config and favourites stay, named as `dailyquote uninstall` names them; it does so
# itself where the binary was there to run.
name_own_files() {
  local config="${XDG_CONFIG_HOME:-$HOME/.config}/dailyquote/config.toml"
  local favorites="${XDG_DATA_HOME:-$HOME/.local/share}/dailyquote/favorites.jsonl"
  if [ -e "$config" ]; then
    # Removing an opt-out would turn the quotes back on where the package's generator runs.
    if grep -Eq '^[[:space:]]*(delivery\.)?enabled[[:space:]]*=[[:space:]]*false' "$config"; then
      echo "kept the config: $config; it holds your opt-out (\`enabled = false\`)"
    else
      echo "kept the config: $config (remove it with \`rm $config\`)"
    fi
  fi
  [ ! -e "$favorites" ] || echo "kept your favourites: $favorites (remove them with \`rm $favorites\`)"
}

# The cache and the state stay (`make uninstall` keeps what dailyquote wrote as it ran): named, with
# a command that works without dailyquote, which also removes the directories this install
# recorded for them (not there before it) once they are empty.
name_leftovers() {
  local kept=() parents=() dir path
  for dir in "${XDG_CACHE_HOME:-$HOME/.cache}/dailyquote" "${XDG_STATE_HOME:-$HOME/.local/state}/dailyquote"; do
    [ -e "$dir" ] && kept+=("$dir")
  done
  [ ${#kept[@]} -gt 0 ] || return 0
  while IFS= read -r dir; do
    for path in "${kept[@]}"; do
      case "$path" in "$dir"/*) [ -d "$dir" ] && parents+=("$dir") && break ;; esac
    done
  done < <(sed -n 's/^d //p' <<<"$entries" | sort -r)
  local command="rm -r ${kept[*]}"
  [ ${#parents[@]} -gt 0 ] && command+=" && rmdir --ignore-fail-on-non-empty ${parents[*]}"
  local listed
  listed=$(printf '%s, ' "${kept[@]}")
  echo "kept the cached quote and the history: ${listed%, }; to remove them, run:"
  echo "  $command"
}

if [ -z "$destdir" ] && [ -f "$manifest" ]; then
  entries=$(cat "$manifest")
  user=0
  grep -qx 'mode user' <<<"$entries" && user=1
  ran=0
  if [ $user = 1 ]; then
    if [ -x "$prefix/bin/dailyquote" ]; then
      ran=1
      "$prefix/bin/dailyquote" uninstall --from-make-uninstall </dev/null ||
        echo "uninstall: \`dailyquote uninstall\` failed; removing the files all the same" >&2
    fi
    end_holder
    remove_units
  fi
  while IFS= read -r path; do remove "$path"; done < <(sed -n 's/^f //p' <<<"$entries")
  while IFS= read -r dir; do
    [ -d "$dir" ] || continue
    rmdir -- "$dir" 2>/dev/null || [ -n "$(ls -A "$dir" 2>/dev/null)" ] || failed+=("$dir")
  done < <(sed -n 's/^d //p' <<<"$entries" | sort -r)
  [ -d "$(dirname "$manifest")" ] && rmdir "$(dirname "$manifest")" 2>/dev/null
  [ $user = 1 ] && [ $ran = 0 ] && name_own_files
  [ $user = 1 ] && name_leftovers
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
