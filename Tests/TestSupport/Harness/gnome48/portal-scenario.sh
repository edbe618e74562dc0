#!/bin/bash
# `scripts/gnome48 check-portal`, inside `scripts/gnome48 run` (as the session's user): with
# xdg-desktop-portal and its gtk backend running, which way does libnotify send
# `dailyquote notify --now`, and what ends up in GNOME Shell's tray?
#   1. unconfined (as installed from the .deb): straight to org.freedesktop.Notifications, or
#      through the portal?
#   2. NOTIFY_FORCE_PORTAL=1: libnotify behaves as under Flatpak or Snap (it uses the portal
#      when /.flatpak-info exists, when its cgroup is a snap.* one, or with this variable)
# For each it prints who sent the Notify (the bus traffic), the capabilities dailyquote saw,
# the tray 10 s later, and the event log. Exit status 0 when both ran.
# GNOME48_PORTAL_BACKEND=gnome runs xdg-desktop-portal-gnome instead of the gtk backend; it is
# not in the chroot's package list (install it there first).
set -euo pipefail

wait_s=${GNOME48_WAIT:-10}
mkdir -p "$XDG_CACHE_HOME/dailyquote" "$XDG_CONFIG_HOME/xdg-desktop-portal"
backend=${GNOME48_PORTAL_BACKEND:-gtk}
# Name the backend: without xdg-desktop-portal-gnome no portals.conf is installed here.
printf '[preferred]\ndefault=%s\n' "$backend" >"$XDG_CONFIG_HOME/xdg-desktop-portal/portals.conf"

pids=()
stop_all() { local p; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap stop_all EXIT
/usr/libexec/xdg-permission-store --replace >"$GNOME48_LOGS/permission-store.log" 2>&1 &
pids+=($!)
/usr/libexec/xdg-desktop-portal-"$backend" --replace >"$GNOME48_LOGS/portal-$backend.log" 2>&1 &
pids+=($!)
has_owner() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
for _ in $(seq 200); do has_owner "org.freedesktop.impl.portal.desktop.$backend" && break; sleep 0.05; done
/usr/libexec/xdg-desktop-portal --replace >"$GNOME48_LOGS/portal.log" 2>&1 &
pids+=($!)
for _ in $(seq 200); do has_owner org.freedesktop.portal.Desktop && break; sleep 0.05; done
has_owner org.freedesktop.portal.Desktop || { echo "xdg-desktop-portal did not start"; cat "$GNOME48_LOGS"/portal*.log; exit 1; }
echo "--- running: xdg-desktop-portal $(dpkg-query -W -f '${Version}' xdg-desktop-portal), xdg-desktop-portal-$backend $(dpkg-query -W -f '${Version}' "xdg-desktop-portal-$backend"), libnotify4 $(dpkg-query -W -f '${Version}' libnotify4)"
gdbus introspect --session --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop \
  | grep -E 'interface org.freedesktop.portal.Notification|version = ' | head -n 2 | sed 's/^ */  /'

# The PID of this session's holder, from its marker ($XDG_STATE_HOME/dailyquote/hold.json),
# when that process runs with this session's HOME; nothing otherwise. (/proc is the host's:
# a name match could find someone else's process.)
holder_pid() {
  local pid
  pid=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["pid"])' \
    "$XDG_STATE_HOME/dailyquote/hold.json" 2>/dev/null) || return 0
  tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "HOME=$HOME" && echo "$pid"
  return 0
}

# Who owns which unique name, to read the capture.
names() {
  local n
  for n in org.freedesktop.Notifications org.gnome.Shell org.freedesktop.portal.Desktop "org.freedesktop.impl.portal.desktop.$backend"; do
    printf '  %s = %s\n' "$n" "$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
      --method org.freedesktop.DBus.GetNameOwner "$n" | tr -d "(',)")"
  done
}

case_run() { # NAME TEXT ENV...
  local name=$1 text=$2
  shift 2
  python3 - "$text" "$XDG_CACHE_HOME/dailyquote/quote.json" <<'PY'
import json, sys, time
json.dump({"text": sys.argv[1], "author": "portal check", "source": "file", "fetchedAt": int(time.time())},
          open(sys.argv[2], "w"))
PY
  dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications'" \
    "type='method_call',interface='org.freedesktop.portal.Notification'" \
    "type='method_call',interface='org.freedesktop.impl.portal.Notification'" \
    "type='method_call',interface='org.gtk.Notifications'" \
    "type='signal',interface='org.freedesktop.Notifications'" >"$GNOME48_LOGS/monitor-$name.txt" 2>&1 &
  local monitor=$!
  sleep 0.3
  echo "=== $name: env $* dailyquote notify --now"
  env "$@" dailyquote --verbose notify --now 2>"$GNOME48_LOGS/notify-$name.err" || echo "(exit status $?)"
  grep -iE 'capabilit|server|portal|hold' "$GNOME48_LOGS/notify-$name.err" | head -n 8 | sed 's/^/  log: /' || true
  sleep "$wait_s"
  kill "$monitor" 2>/dev/null || true
  echo "--- calls on the bus (sender -> destination member)"
  grep -E '^(method call|signal)' "$GNOME48_LOGS/monitor-$name.txt" \
    | sed -E 's/.* sender=([^ ]+) -> destination=([^ ]+) .*member=([A-Za-z]+).*/  \1 -> \2 \3/' || true
  echo "--- the Notify calls' arguments (app name, summary, body, hints)"
  python3 /src/Tests/TestSupport/Harness/notify_probe.py "$GNOME48_LOGS/monitor-$name.txt" | python3 -c '
import json, sys
for c in json.load(sys.stdin):
    print("  app=%r summary=%r body=%r hints=%s" % (c["app"], c["summary"], c["body"], json.dumps(c["hints"], ensure_ascii=False)))'
  echo "--- the tray ${wait_s} s after notify exited"
  tray | python3 -c '
import json, sys
t = json.load(sys.stdin)
for s in t["sources"]:
    for n in s["notifications"]:
        print("  source=%r appId=%r title=%r body=%r" % (s["title"], s["appId"], n["title"], n["body"]))
        print("    the label shows: %r" % n["shownBody"])'
  echo "--- dailyquote status (holding)"
  dailyquote status 2>&1 | grep -E '^(holding|notifications):' | sed 's/^/  /' || true
  holder=$(holder_pid)
  [ -z "$holder" ] || kill "$holder"
  tray --dismiss >/dev/null
}

echo "--- unique names"
names
case_run unconfined "Unconfined: sent how? 3 < 5 && 7 > 2 — \"quotes\" & 'marks'"
case_run forced-portal "Through the portal? 3 < 5 && 7 > 2 — \"quotes\" & 'marks'" NOTIFY_FORCE_PORTAL=1
echo "--- tray event log (whole run)"
tray --events | python3 -c '
import json, sys
events = [json.loads(line) for line in sys.stdin]
t0 = events[0]["t"] if events else 0
for e in events:
    print("  %+8.3fs %-22s %-16s %-36s %s" % (e["t"] - t0, e["event"], e["source"], (e["body"] or e["title"] or "").replace("\n", " / ")[:36], e["reason"] or ""))'
