#!/usr/bin/env bash
# UserSessionTests.holderScopeIgnoresReusedNames (race 4), run by with-user-session.sh (mock
# server): live scopes hold the names `dailyquote-hold-PID` of the next 40 PIDs from a base, and
# the kernel's next PID is set to just before it (root's /proc/sys/kernel/ns_last_pid), so that
# `notify --now`, run as a oneshot service, gets one of them; its holder must still get a scope of
# its own. Up to five attempts, as other processes may take the PIDs in between.
# Environment: DQ, W (results go there), and the harness's MOCK_LOG.
# Results in $W: pids (base and notify's PID per attempt), name-taken, notify.rc/.out/.err, pid,
# alive, cgroup, notify-count. Exit status: 0, or 1 when the 40 scopes did not start.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib.sh"

has_holder() { [ -n "$(holder_pid)" ]; }
scopes_at_least() { [ "$(systemctl --user list-units 'dailyquote-hold-*' --no-legend | wc -l)" -ge "$1" ]; }

base=$(($(cat /proc/sys/kernel/ns_last_pid) + 3000))
[ $((base + 100)) -lt "$(cat /proc/sys/kernel/pid_max)" ] || base=2000
for n in $(seq "$base" $((base + 39))); do
  systemd-run --user --scope --quiet --collect --unit="dailyquote-hold-$n" sleep 600 >/dev/null 2>&1 &
done
wait_until 60 "the 40 scopes" scopes_at_least 40
# systemd expands $ in a command line: the service's shell lines are files. The next PID is set
# by the service's ExecStartPre, just before the manager forks its main process: other processes
# on a busy machine take PIDs in between less often than when it is set before systemd-run
# starts. When they still did, the holder goes and it runs again.
printf '#!/bin/sh\necho %s >/proc/sys/kernel/ns_last_pid\n' $((base - 1)) >"$W/next-pid.sh"
printf '#!/bin/sh\necho $$ >"%s/main-pid"\nexec "%s" notify --now\n' "$W" "$DQ" >"$W/notify.sh"
before=0
for attempt in 1 2 3 4 5; do
  before=$(grep -c 'Notify "dailyquote"' "$MOCK_LOG" || true)
  record "$W/notify.rc" systemd-run --user --quiet --unit="dq-test-notify-$attempt" -p Type=oneshot \
    -p ExecStartPre="/bin/sh $W/next-pid.sh" \
    -E HOME -E XDG_CONFIG_HOME -E XDG_CACHE_HOME -E XDG_STATE_HOME -E DBUS_SESSION_BUS_ADDRESS -E XDG_RUNTIME_DIR \
    /bin/sh "$W/notify.sh" >"$W/notify.out" 2>"$W/notify.err"
  # A oneshot service's start job ends when its process does: systemd-run returns then.
  main=$(cat "$W/main-pid" 2>/dev/null || echo 0)
  echo "$base $main (attempt $attempt)" >>"$W/pids"
  if [ "$main" -ge "$base" ] && [ "$main" -lt $((base + 40)) ]; then
    echo taken >"$W/name-taken"
    break
  fi
  wait_until 30 "attempt $attempt's holder" has_holder || true
  pid=$(holder_pid)
  if [ -n "$pid" ] && kill -TERM "$pid"; then
    wait_until 30 "attempt $attempt's holder to end" gone "$pid" || true
  fi
done
wait_until 30 "the holder" has_holder || true
pid=$(holder_pid)
echo "$pid" >"$W/pid"
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo alive >"$W/alive"; fi
cat "/proc/$pid/cgroup" >"$W/cgroup" 2>/dev/null || true
echo $(($(grep -c 'Notify "dailyquote"' "$MOCK_LOG" || true) - before)) >"$W/notify-count"
if [ -n "$pid" ]; then kill -TERM "$pid" || true; fi
