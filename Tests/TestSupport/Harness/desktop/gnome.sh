# shellcheck shell=bash
# Shared by the GNOME Shell 43 scripts (GnomeNotificationsTests), sourced after lib.sh. On being
# sourced it sends the script's standard error to $W/script.err and waits until the test tray
# extension (gnome43-tray-extension) answers.
# Needs BIN (the binary's copy the test runs) and W.

exec 2>>"$W/script.err"

# tray METHOD FILE: calls the test tray extension's METHOD (Dump FILE writes the tray as JSON to
# FILE; Press LABEL presses the newest notification's button LABEL).
tray() { gdbus call --session -d org.dailyquote.TestTray -o /org/dailyquote/TestTray -m "org.dailyquote.TestTray.$1" "$2"; }

# ours: how many of our processes run: those of the binary's own path (the holder runs
# /proc/self/exe, the service the service file's Exec=).
ours() { { pgrep -f "^$BIN " || true; } | wc -l; }

# tray_holds FILE: dumps the tray to FILE; whether a notification is in it.
tray_holds() {
  tray Dump "$1" >/dev/null 2>&1 &&
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if any(s.get("notifications") for s in d.get("sources", [])) else 1)' "$1"
}

# tray_dump_has FILE TEXT: dumps the tray to FILE; whether FILE contains TEXT (a grep pattern).
tray_dump_has() { tray Dump "$1" >/dev/null 2>&1 && grep -q -- "$2" "$1"; }

tray_answers() { tray Dump "$W/tray-start.json" >/dev/null 2>&1; }
wait_until 60 "the test tray extension" tray_answers

# notify_into_tray: `"$DQ" notify --now --config "$CONFIG"` (now.rc, now.out, now.err in $W),
# then waits until the tray holds its notification ($W/tray-1.json).
notify_into_tray() {
  record "$W/now.rc" "$DQ" notify --now --config "$CONFIG" >"$W/now.out" 2>"$W/now.err"
  wait_until 30 "the notification in the tray" tray_holds "$W/tray-1.json" || true
}
