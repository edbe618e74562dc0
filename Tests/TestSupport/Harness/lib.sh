# shellcheck shell=bash
# The shell library of the test harnesses: sourced, never run.
#   . "$(dirname "$0")/lib.sh"        (or the path of this file from a subfolder)
# It gives readiness by deadline, a picture judged once it is still, one way to log and to fail,
# and teardown in reverse order.
# Deadlines are generous on purpose: the suite must pass on a loaded two-core machine, so a
# harness waits for a condition and a limit only ends a wait that will never succeed.

# harness_log MESSAGE...: one line on stderr, prefixed with the harness's name.
harness_log() { echo "${HARNESS_NAME:-$(basename "$0")}: $*" >&2; }

# harness_die MESSAGE...: logs MESSAGE and exits HARNESS_FAILURE_STATUS (default 1; the EXIT
# trap still tears down).
harness_die() {
  harness_log "$@"
  exit "${HARNESS_FAILURE_STATUS:-1}"
}

# wait_until SECONDS WHAT CMD [ARG...]: runs CMD every 50 ms until it succeeds; after SECONDS
# logs "gave up after SECONDS s waiting for WHAT" and returns 1.
wait_until() {
  local limit=$1 what=$2 end
  shift 2
  end=$((SECONDS + limit))
  until "$@"; do
    if [ "$SECONDS" -ge "$end" ]; then
      harness_log "gave up after ${limit}s waiting for $what"
      return 1
    fi
    sleep 0.05
  done
}

# wait_alive PID SECONDS WHAT CMD [ARG...]: wait_until, but gives up at once (status 2, logged)
# when process PID has exited: a server that died will never become ready.
wait_alive() {
  local pid=$1 limit=$2 what=$3 end
  shift 3
  end=$((SECONDS + limit))
  until "$@"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      harness_log "process $pid exited while waiting for $what"
      return 2
    fi
    if [ "$SECONDS" -ge "$end" ]; then
      harness_log "gave up after ${limit}s waiting for $what"
      return 1
    fi
    sleep 0.05
  done
}

# wait_still SECONDS FILE CAPTURE [ARG...]: a picture once it has stopped changing. Runs
# `CAPTURE [ARG...] TMP` (which writes an image to TMP) until two captures in a row are the same
# picture (ImageMagick's signature of the pixels), and keeps the last one in FILE. After SECONDS
# keeps the last capture in FILE anyway, logs it and returns 1; returns 1 as well when a capture
# fails.
wait_still() {
  local limit=$1 file=$2 end last="" sum
  shift 2
  end=$((SECONDS + limit))
  while :; do
    "$@" "$file.capture" || { harness_log "capture failed: $* $file.capture"; return 1; }
    sum=$(identify -format '%#' "$file.capture" 2>/dev/null) || sum=""
    mv -f "$file.capture" "$file"
    [ -n "$sum" ] && [ "$sum" = "$last" ] && return 0
    last=$sum
    if [ "$SECONDS" -ge "$end" ]; then
      harness_log "the picture was still changing after ${limit}s: $file is the last capture"
      return 1
    fi
  done
}

# at_exit CMD [ARG...]: runs CMD when the script exits, the last registered first; a failing
# CMD does not stop the others.
harness_teardown=()
at_exit() {
  harness_teardown+=("$(printf '%q ' "$@")")
  trap harness_run_teardown EXIT
}
harness_run_teardown() {
  local status=$? i
  for ((i = ${#harness_teardown[@]} - 1; i >= 0; i--)); do
    eval "${harness_teardown[i]}" || true
  done
  return "$status"
}

# --- What every dailyquote scenario asks (DQ the binary, W the work directory the test reads,
# --- the sandbox's XDG variables).

# record FILE CMD [ARG...]: runs CMD and writes its exit status to FILE (a scenario's commands'
# failures are what its test looks at: one whose status matters runs through `record`).
record() {
  local file=$1 status=0
  shift
  "$@" || status=$?
  echo "$status" >"$file"
}

# holder_pid: the PID of the holder `"$DQ" status --json` reports, or nothing.
holder_pid() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); print(h["pid"] if h else "")' 2>/dev/null || true
}

# no_holder: whether status reports no holder.
no_holder() { [ -z "$(holder_pid)" ]; }

# gone PID: whether no process PID is left.
gone() { ! kill -0 "$1" 2>/dev/null; }

# non_empty FILE: whether FILE exists and is not empty.
non_empty() { [ -s "$1" ]; }

# actions_at_least N: whether dailyquote's actions.jsonl has N lines.
actions_at_least() {
  local lines
  lines=$(wc -l 2>/dev/null <"$XDG_STATE_HOME/dailyquote/actions.jsonl" || echo 0)
  [ "$lines" -ge "$1" ]
}

# wait_actions N: waits until actions.jsonl has N lines (a press recorded); the test's
# assertions tell if it never does.
wait_actions() { wait_until 30 "$1 recorded button presses" actions_at_least "$1" || true; }

# notify_calls_at_least MONITOR_FILE N: whether notify_probe.py ($PROBE) finds N Notify calls in
# the dbus-monitor capture MONITOR_FILE.
notify_calls_at_least() {
  local count
  count=$(python3 "$PROBE" "$1" 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' 2>/dev/null) || return 1
  [ "$count" -ge "$2" ]
}

# --- what the test sees of an installed dailyquote --------------------------------------------
# A harness that starts a desktop, a bus or a user manager begins with `private_view "$0" "$@"`.
# As root, it runs the harness again (the same process: unshare execs) in a mount namespace of
# its own, in which every file that an installed dailyquote put where a desktop, a bus, a user
# manager or dailyquote itself looks (the Debian package, or `make install` under /usr/local:
# desktop entry, AppStream metadata, D-Bus service, KNotifications files, icons, user units, the
# user generator, the autostart entry) is hidden by a read-only overlay of whiteouts for those
# names alone. What the desktop sees of dailyquote is then what the test stages itself
# (with-notification-server.sh: NOTIFICATION_SERVER_APP_FILES), on a machine with the package
# (the README's order: scripts/setup, then scripts/test) as on one without it.
# HARNESS_SYSTEM_FILES=1 shows the machine's files (the package test). As another user, nothing
# is hidden, and a line says so.

# dailyquote_install_dirs: the directories an install of dailyquote writes to that a desktop, a
# bus, a user manager or dailyquote reads, one a line.
dailyquote_install_dirs() {
  local prefix
  for prefix in /usr /usr/local; do
    printf '%s\n' "$prefix/share/applications" "$prefix/share/metainfo" "$prefix/share/dbus-1/services" \
      "$prefix/share/knotifications5" "$prefix/share/knotifications6" "$prefix"/share/icons/hicolor/*/apps \
      "$prefix/lib/systemd/user" "$prefix"/lib/systemd/user/*.wants "$prefix/lib/systemd/user-generators"
  done
  echo /etc/xdg/autostart
}

# dailyquote_installed_files: the installed files (dailyquote*, io.github.dailyquote.*) in those
# directories, one a line.
dailyquote_installed_files() {
  local dir
  dailyquote_install_dirs | while read -r dir; do
    [ -d "$dir" ] && find "$dir" -mindepth 1 -maxdepth 1 \( -name 'dailyquote*' -o -name 'io.github.dailyquote.*' \)
  done
  return 0
}

# private_view HARNESS [ARG...]: see above. Returns at once where the view is made or not wanted.
private_view() {
  [ "${HARNESS_SYSTEM_FILES:-0}" != 1 ] || return 0
  if [ -z "${DQ_PRIVATE_VIEW:-}" ]; then
    if [ "$(id -u)" -ne 0 ]; then
      [ -z "$(dailyquote_installed_files)" ] ||
        harness_log "not root: dailyquote's installed files stay visible to this test"
      return 0
    fi
    exec env DQ_PRIVATE_VIEW=1 unshare --mount --propagation private -- "$@"
  fi
  [ "$DQ_PRIVATE_VIEW" = 1 ] || return 0
  export DQ_PRIVATE_VIEW="done"  # nested harnesses share this view
  local file dir whiteouts
  whiteouts=$(mktemp -d "${TMPDIR:-/tmp}/dq-private-view.XXXXXX")
  at_exit rm -rf "$whiteouts"
  while read -r file; do
    [ -n "$file" ] || continue
    mkdir -p "$whiteouts${file%/*}"
    mknod "$whiteouts$file" c 0 0
  done < <(dailyquote_installed_files)
  while read -r dir; do
    [ -n "$dir" ] || continue
    dir=${dir#"$whiteouts"}
    mount -t overlay dq-private-view -o "ro,lowerdir=$whiteouts$dir:$dir" "$dir" ||
      HARNESS_FAILURE_STATUS=2 harness_die "cannot hide the installed dailyquote files in $dir (overlayfs)"
  done < <(find "$whiteouts" -mindepth 1 -type c -printf '%h\n' | sort -u)
}
