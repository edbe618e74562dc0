#!/usr/bin/env bash
# bench/timer-punctuality.sh's part in a user session (run inside
# Tests/TestSupport/Harness/with-user-session.sh): FIRINGS times, a delivery at the next whole
# minute (at least 15 s ahead) installed with `dailyquote install`, and dbus-monitor watching for
# the Notify call; then notify_probe.py turns the monitor's log into the calls' times.
# Environment: DQ (the binary), W (the work directory), FIRINGS, PROBE (notify_probe.py),
# NOTIFICATION (the config's [notification] table's lines), XDG_CONFIG_HOME, XDG_STATE_HOME,
# USER_SESSION_DIR (the harness's, for its log on failure).
# Output: W/planned (each firing's planned instant, epoch seconds), W/monitor.txt, W/calls.json;
# progress on stderr; status 1 when a firing posted nothing.
set -eu
stdbuf -oL dbus-monitor --session "type=method_call,interface=org.freedesktop.Notifications,member=Notify" >"$W/monitor.txt" 2>/dev/null &
for _ in $(seq 100); do grep -q NameLost "$W/monitor.txt" && break; sleep 0.05; done
mkdir -p "$XDG_CONFIG_HOME/dailyquote"
: >"$W/planned"
for i in $(seq "$FIRINGS"); do
  at=$(( ( $(date +%s) + 15 + 59 ) / 60 * 60 ))
  printf "[delivery]\nhour = %d\nminute = %d\n[refresh]\nlead = \"0\"\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n" \
    "$(date -u -d "@$at" +%-H)" "$(date -u -d "@$at" +%-M)" >"$XDG_CONFIG_HOME/dailyquote/config.toml"
  printf "[notification]\n%s\n" "$NOTIFICATION" >>"$XDG_CONFIG_HOME/dailyquote/config.toml"
  # Each firing is a new day for the ledger: forget the last delivery (one per day otherwise),
  # once the last notify has written it. Its holder posts before notify records the delivery:
  # forgotten at the Notify call, the record could come after, and the next firing was then
  # not due ("posted nothing").
  for _ in $(seq 200); do
    case "$(systemctl --user show -p ActiveState --value dailyquote-notify.service 2>/dev/null)" in
      activating|active|deactivating|reloading) sleep 0.05 ;;
      *) break ;;
    esac
  done
  rm -f "$XDG_STATE_HOME/dailyquote/state.json" "$XDG_STATE_HOME/dailyquote/history.jsonl"
  "$DQ" install >/dev/null 2>&1
  echo "$at" >>"$W/planned"
  # A build before a5d49c5 makes /tmp private even for this session under /tmp: the bench's
  # drop-in (bench/timer-punctuality.sh) shares it again.
  [ "$i" != 1 ] || ! systemctl --user cat dailyquote-notify.service 2>/dev/null | grep -qx 'PrivateTmp=yes' ||
    echo "punctuality: this build's units make /tmp private, which would hide this session's bus; the bench's drop-in (PrivateTmp=no) shares it" >&2
  for _ in $(seq 1800); do [ "$(grep -c "member=Notify" "$W/monitor.txt")" -ge "$i" ] && break; sleep 0.05; done
  [ "$(grep -c "member=Notify" "$W/monitor.txt")" -ge "$i" ] || {
    echo "punctuality: firing $i posted nothing; the user manager said:" >&2
    tail -n 40 "$USER_SESSION_DIR/systemd.log" >&2 || true
    systemctl --user status "dailyquote-*" --no-pager >&2 || true
    exit 1
  }
  echo "punctuality: firing $i of $FIRINGS done" >&2
done
sleep 0.5
python3 "$PROBE" "$W/monitor.txt" >"$W/calls.json"
