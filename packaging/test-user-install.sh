#!/usr/bin/env bash
# `make install PREFIX=$HOME/.local` and `make uninstall` as an unprivileged user (as root):
#   packaging/test-user-install.sh
# A test user (dailyquote-install) gets a copy of this built tree (.build/release/dailyquote and
# .build/man/dailyquote.1, from `make build` and packaging/stage.sh: run after test-deb.sh), and
# a real systemd user manager of its own, in a cgroup delegated to it. It checks that the install
# writes only under ~/.local and ~/.config, that the timers are then active in the manager from
# ~/.config/systemd/user, and that `make uninstall` leaves the home as it found it.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "test-user-install: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root"
[ -x .build/release/dailyquote ] && [ -s .build/man/dailyquote.1 ] || fail "build first (make build, then packaging/stage.sh or test-deb.sh)"
user=dailyquote-install
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
home=$(getent passwd "$user" | cut -d: -f6)
find "$home" -mindepth 1 -delete
src="$home/src/dailyquote"
mkdir -p "$src/.build/release" "$src/.build/man"
# The tree as it is (tracked and new files), with its times, so that the binary stays newer.
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$src"
cp -p .build/release/dailyquote "$src/.build/release/"
cp -p .build/man/dailyquote.1 "$src/.build/man/"
chown -R "$user:" "$home"

unified=/sys/fs/cgroup/unified
[ -f "$unified/cgroup.procs" ] || unified=/sys/fs/cgroup
runtime=$(mktemp -d)
chown "$user:" "$runtime"
chmod 0700 "$runtime"
made_marker=0
[ -d /run/systemd/system ] || { mkdir -p /run/systemd/system; made_marker=1; }
# A booted system's PID 1 makes it; the user manager puts a service's mount namespace together there.
made_root=0
[ -d /run/systemd/unit-root ] || { mkdir -m 0700 /run/systemd/unit-root; made_root=1; }
cgroup="$unified/dailyquote-user-install-$$"
mkdir "$cgroup"
cleanup() {
  set +e
  for signal in TERM KILL; do
    while IFS= read -r procs; do
      for pid in $(cat "$procs"); do [ "$pid" != $$ ] && kill -"$signal" "$pid" 2>/dev/null; done
    done < <(find "$cgroup" -name cgroup.procs 2>/dev/null)
    sleep 0.3
  done
  echo $$ >"$unified/cgroup.procs"
  find "$cgroup" -depth -type d -exec rmdir {} \; 2>/dev/null
  [ $made_root = 1 ] && rmdir /run/systemd/unit-root 2>/dev/null
  [ $made_marker = 1 ] && rmdir /run/systemd/system 2>/dev/null
  rm -rf "$runtime"
}
trap cleanup EXIT
# Delegated as logind does for user@.service: the user's manager makes its own sub-groups.
chown -R "$user:" "$cgroup"
echo $$ >"$cgroup/cgroup.procs"
as_user() {
  runuser -u "$user" -- env -i HOME="$home" USER="$user" LOGNAME="$user" SHELL=/bin/bash \
    PATH=/usr/local/bin:/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" "$@"
}
# Only systemd's own units and dailyquote's: every other user unit of the machine is masked in
# the runtime's control directory, which is outside the home.
mkdir -p "$runtime/systemd/user.control"
systemd_units=$(dpkg-query -L systemd 2>/dev/null | sed -n 's|^.*/systemd/user/\([^/]*\)$|\1|p')
for unit in /etc/systemd/user/* /usr/lib/systemd/user/* /usr/share/systemd/user/*; do
  { [ -f "$unit" ] || [ -L "$unit" ]; } && [ ! -d "$unit" ] || continue
  name=${unit##*/}
  grep -qxF "$name" <<<"$systemd_units" && continue
  ln -sf /dev/null "$runtime/systemd/user.control/$name"
done
chown -R "$user:" "$runtime/systemd"
as_user /lib/systemd/systemd --user >"$runtime/systemd.log" 2>&1 &
for _ in $(seq 200); do as_user systemctl --user show-environment >/dev/null 2>&1 && break; sleep 0.05; done
as_user systemctl --user show-environment >/dev/null 2>&1 || { cat "$runtime/systemd.log"; fail "the user manager did not start"; }

# The user's own files, from before the install: a quote file and a config that reads it, so that
# `refresh` (the leftovers below) needs no network.
as_user sh -c 'printf "Stay curious. -- Someone\n" >"$HOME/quotes.txt" && mkdir -p "$HOME/.config/dailyquote" &&
  printf "[[source]]\ntype = \"file\"\npath = \"~/quotes.txt\"\n" >"$HOME/.config/dailyquote/config.toml"'
snapshot() { cd "$home" && find . -path ./src -prune -o -print | sort; }
before=$(snapshot)
units=(dailyquote-refresh.service dailyquote-refresh.timer dailyquote-notify.service dailyquote-notify.timer
  dailyquote-config.path dailyquote-config.service)
# make uninstall, then the command it names for what it keeps (the cache and the state); after both,
# nothing dailyquote made may be left, directories included. The user manager's stamps of timers
# that are not dailyquote's (and the directories holding them) are the manager's own.
uninstall_leaves_nothing() {
  local case=$1 output="$runtime/uninstall-$1.out" command after left others
  shift
  as_user "$@" make -C "$src" uninstall PREFIX="$home/.local" >"$output" 2>&1 || { cat "$output"; fail "$case: make uninstall failed"; }
  grep -q "^removed dailyquote from $home/.local$" "$output" || { cat "$output"; fail "$case: make uninstall did not say removed"; }
  # No step that needs the binary or the autostart entry, both of which it removes.
  ! grep -q -e 'dailyquote uninstall' -e 'Hidden=true' "$output" || { cat "$output"; fail "$case: advice that needs what it removed"; }
  command=$(sed -n '/^kept the cached quote and the history: .*; to remove them, run:$/{n;s/^  //p;}' "$output")
  if [ -n "$command" ]; then as_user sh -c "$command" || fail "$case: the named command failed: $command"; fi
  after=$(snapshot)
  left=$(comm -13 <(echo "$before") <(echo "$after"))
  others=$(grep '^\./\.local/share/systemd/timers/stamp-' <<<"$left" | grep -v '/stamp-dailyquote-' || true)
  if [ -n "$others" ]; then
    left=$(grep -v -x -F -e ./.local -e ./.local/share -e ./.local/share/systemd -e ./.local/share/systemd/timers -e "$others" <<<"$left" || true)
  fi
  [ -z "$left" ] || { cat "$output"; fail "$case: make uninstall and \`$command\` left: $left"; }
  sed "s/^/  $case: /" "$output" | grep -v "^  $case: make"
}
# Every unit of `install` unknown to the user manager, none active or failed.
units_gone() {
  local unit state
  for unit in "${units[@]}"; do
    state="$(as_user systemctl --user show "$unit" -p LoadState --value) $(as_user systemctl --user show "$unit" -p ActiveState --value)"
    [ "$state" = "not-found inactive" ] || fail "$1: $unit is $state after make uninstall"
  done
}

start=$(date +%s)
as_user make -C "$src" install PREFIX="$home/.local" >"$runtime/install.out" 2>&1 || { cat "$runtime/install.out"; fail "make install failed"; }
echo "test-user-install: make install took $(( $(date +%s) - start )) s"
grep -q "timers enabled and started" "$runtime/install.out" || { cat "$runtime/install.out"; fail "the install started no timers"; }
manifest="$home/.local/share/dailyquote/installed-files"
[ -f "$manifest" ] || fail "no manifest at $manifest"
outside=$(sed -n 's/^[fd] //p' "$manifest" | grep -v -e "^$home/.local/" -e "^$home/.config/" -e "^$home/.cache/" -e "^$home/.local$" -e "^$home/.config$" -e "^$home/.cache$" || true)
[ -z "$outside" ] || fail "installed outside the user's directories: $outside"
for unit in dailyquote-notify.timer dailyquote-refresh.timer; do
  state=$(as_user systemctl --user show "$unit" -p ActiveState --value)
  [ "$state" = active ] || fail "$unit is $state after make install"
  fragment=$(as_user systemctl --user show "$unit" -p FragmentPath --value)
  [ "$fragment" = "$home/.config/systemd/user/$unit" ] || fail "$unit comes from $fragment"
done
grep -q "ExecStart=$home/.local/bin/dailyquote notify" "$home/.config/systemd/user/dailyquote-notify.service" ||
  fail "the notify service does not run $home/.local/bin/dailyquote"
[ "$(as_user systemctl --user show io.github.dailyquote.DailyQuote.service -p LoadState --value)" = loaded ] ||
  fail "the user manager does not see the action service's unit"
# Completions where the shells read them; nothing that only the system's directories are read for.
[ -s "$home/.local/share/bash-completion/completions/dailyquote" ] || fail "no bash completion in ~/.local/share/bash-completion"
[ -s "$home/.local/share/fish/vendor_completions.d/dailyquote.fish" ] || fail "no fish completion in ~/.local/share/fish"
for unread in "$home/.local/share/zsh" "$home/.local/share/metainfo"; do
  [ ! -e "$unread" ] || fail "installed $unread, which nothing reads"
done
grep -q "^zsh completion: add \`fpath=(~/.zfunc \$fpath)\`" "$runtime/install.out" || { cat "$runtime/install.out"; fail "the install does not say how to enable the zsh completion"; }
grep -q "^Exec=$home/.local/bin/dailyquote run --from-autostart" "$home/.config/autostart/dailyquote.desktop" ||
  fail "no autostart entry in ~/.config/autostart"
# The refresh service runs as its timer would: the cache and the state, which make uninstall keeps.
as_user systemctl --user start dailyquote-refresh.service || fail "the refresh service failed"
[ -s "$home/.cache/dailyquote/quote.json" ] || fail "the refresh service cached no quote"
# A second install over the first keeps one manifest that still names the directories made first.
as_user make -C "$src" install PREFIX="$home/.local" >"$runtime/install2.out" 2>&1 || { cat "$runtime/install2.out"; fail "the second make install failed"; }
uninstall_leaves_nothing binary-present
units_gone binary-present

# The binary gone before make uninstall (an earlier partial removal): the units go all the same.
as_user make -C "$src" install PREFIX="$home/.local" >"$runtime/install3.out" 2>&1 || { cat "$runtime/install3.out"; fail "the third make install failed"; }
as_user systemctl --user start dailyquote-refresh.service || fail "the refresh service failed"
rm "$home/.local/bin/dailyquote"
uninstall_leaves_nothing binary-gone
grep -q "^removed the 6 units of \`dailyquote install\` from $home/.config/systemd/user$" "$runtime/uninstall-binary-gone.out" ||
  fail "binary-gone: make uninstall did not say it removed the units"
# With no binary to name them, the script names the person's own files that stay.
grep -qF "kept the config: $home/.config/dailyquote/config.toml (remove it with" "$runtime/uninstall-binary-gone.out" ||
  fail "binary-gone: make uninstall did not name the kept config"
units_gone binary-gone

# No user manager: no timers are written, the autostart entry will start `run`; one note says so.
none=(env XDG_RUNTIME_DIR=/nonexistent XDG_CONFIG_DIRS="$home/no-xdg")
as_user "${none[@]}" make -C "$src" install PREFIX="$home/.local" >"$runtime/install4.out" 2>&1 || { cat "$runtime/install4.out"; fail "make install without a user manager failed"; }
# One note, no error, one next step; no units where no systemd runs; status names the entry that delivers.
entry="$home/.config/autostart/dailyquote.desktop"
[ "$(grep -c '^note: ' "$runtime/install4.out")" = 1 ] &&
  grep -qF "note: no systemd user manager answers here, so no timers were written; the autostart entry $entry starts \`dailyquote run\` at your next login" "$runtime/install4.out" ||
  { cat "$runtime/install4.out"; fail "no-manager: not the one note naming the autostart entry"; }
! grep -q -e 'error:' -e 'dailyquote install' -e 'systemctl --user' "$runtime/install4.out" || { cat "$runtime/install4.out"; fail "no-manager: an error or a second next step"; }
grep -q "^zsh completion: add" "$runtime/install4.out" || { cat "$runtime/install4.out"; fail "no-manager: no word on the zsh completion"; }
[ ! -e "$home/.config/systemd/user/dailyquote-notify.timer" ] || fail "no-manager: units written where no systemd runs"
as_user "${none[@]}" "$home/.local/bin/dailyquote" status | grep -qF "the autostart entry $entry starts \`dailyquote run\` at your next login" ||
  fail "no-manager: status does not name the autostart entry"
as_user "${none[@]}" "$home/.local/bin/dailyquote" refresh >/dev/null || fail "refresh failed"
uninstall_leaves_nothing no-manager "${none[@]}"

sed 's/^/  install: /' "$runtime/install.out" | grep -v '^  install: make' | tail -n 12
echo "test-user-install: passed (install, timers active, reinstall, uninstall with the binary, without it and without a user manager; nothing left)"
