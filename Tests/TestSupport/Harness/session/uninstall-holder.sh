#!/usr/bin/env bash
# UserSessionTests.uninstallEndsTheHolder, run by with-user-session.sh (mock server): removal ends
# the holder of the quote on screen, which closes its notification, and says so; first
# `dailyquote uninstall --purge --yes`, then packaging/uninstall.sh (`make uninstall`) of a
# per-user install whose binary is already gone.
# Environment: DQ (the built binary), PREFIX (an empty directory for the per-user install), W
# (results go there), REPO (the repository, for packaging/uninstall.sh), and the harness's MOCK_LOG.
# The config delivers a minute or two ago, so the notify service posts when started.
# Results in $W, for each part P (purge, make): P.install.out, P.notify.rc/.out, P.journal, P.pid, P.id,
# P.rc, P.out, P.err, P.alive (only if the holder outlived the removal), P.closed (the mock
# server's CloseNotification calls of its id). Exit status: 0.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

# holder_id: the notification id of the holder `"$DQ" status --json` reports, or nothing.
holder_id() {
  "$DQ" status --json 2>/dev/null |
    python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); print(h["notificationId"] if h else "")' 2>/dev/null || true
}
held() { [ -n "$(holder_pid)" ]; }

# hold PART: installs the timers and starts the notify service, as its timer would: the config's
# delivery is due (a minute or two ago), so it posts, and its holder keeps the quote in a scope of its own.
hold() {
  "$DQ" install >"$W/$1.install.out" 2>&1 || true
  record "$W/$1.notify.rc" systemctl --user start dailyquote-notify.service >"$W/$1.notify.out" 2>&1
  wait_until 30 "the holder of part $1" held || true
  holder_pid >"$W/$1.pid"
  holder_id >"$W/$1.id"
  journalctl --user -u dailyquote-notify.service --no-pager >"$W/$1.journal" 2>&1 || true
}

# judge PART: whether the holder is gone and its notification was closed on the server.
judge() {
  local pid id
  pid=$(cat "$W/$1.pid") id=$(cat "$W/$1.id")
  [ -n "$pid" ] || return 0
  # The removal says it waited for the end: no waiting here beyond a process's last breath.
  wait_until 5 "the holder of part $1 to end" gone "$pid" || echo alive >"$W/$1.alive"
  grep -E "CloseNotification $id\$" "$MOCK_LOG" >"$W/$1.closed" || true
}

# Part 1: `dailyquote uninstall --purge --yes`.
hold purge
record "$W/purge.rc" "$DQ" uninstall --purge --yes </dev/null >"$W/purge.out" 2>"$W/purge.err"
judge purge

# Part 2: `make uninstall` of a per-user install (its manifest, as packaging/install.sh writes
# it) after the binary is gone: nothing but the marker names the holder.
manifest="$PREFIX/share/dailyquote/installed-files"
mkdir -p "$PREFIX/bin" "$(dirname "$manifest")"
cp "$DQ" "$PREFIX/bin/dailyquote"
printf 'd %s\nd %s\nf %s\nmode user\nf %s\n' "$PREFIX/bin" "$(dirname "$manifest")" "$PREFIX/bin/dailyquote" "$manifest" >"$manifest"
DQ="$PREFIX/bin/dailyquote"
hold make
rm -f "$PREFIX/bin/dailyquote"
record "$W/make.rc" "$REPO/packaging/uninstall.sh" "" "$PREFIX" /etc </dev/null >"$W/make.out" 2>"$W/make.err"
judge make
