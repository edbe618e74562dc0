#!/usr/bin/env bash
# Runs CMD on a private session bus with a real notification server, headless:
#   Tests/TestSupport/Harness/with-notification-server.sh [--server NAME] CMD [ARG...]
# NAME is one of: dunst (the default), xfce4-notifyd, notification-daemon,
# mate-notification-daemon, lxqt-notificationd, plasma, gnome (GNOME Shell 43, --headless),
# mako, swaync (both under a headless sway), cinnamon (Cinnamon 5.6.8's shell), budgie
# (Budgie 10.7.1: budgie-daemon and budgie-panel), or mock: python3-dbusmock's server, for what no
# real headless server gives on demand (capabilities from MOCK_CAPABILITIES, default "body
# body-markup persistence"; NotificationClosed with any reason, ActionInvoked with any action;
# its call log in $MOCK_LOG).
#
# The bus's service directory is empty, so nothing is D-Bus-activated behind the test's back.
# The server counts as ready when GetServerInformation answers (owning the name is not enough:
# GNOME owns it before the object exists). The exit status is CMD's; a server that is not
# installed or does not come up is a harness failure (status 2, with the reason), never a skip.
#
# CMD sees DBUS_SESSION_BUS_ADDRESS, DISPLAY (X11 servers) or WAYLAND_DISPLAY (gnome, mako,
# swaync), SERVER_NAME, SERVER_PID (DUNST_PID too, for dunst), and NOTIFICATION_SERVER, a
# helper for what the server holds and shows:
#   "$NOTIFICATION_SERVER" readback          JSON lines {"summary","body","text","source"} of the
#                                             notifications the server holds (dunst, xfce4-notifyd,
#                                             lxqt-notificationd, mako, cinnamon, budgie); "text" is
#                                             the body as shown, after the server's markup parsing;
#                                             exit 3 where the server has no read-back. Cinnamon's
#                                             and Budgie's lines add "buttons" (their labels)
#   "$NOTIFICATION_SERVER" screenshot FILE   a PNG of the whole screen (xwd on X11, grim under
#                                             sway, org.gnome.Shell.Screenshot on GNOME), once it
#                                             has stopped changing: two equal captures in a row
#                                             (after 20 s, the last capture, and a line on stderr)
#   "$NOTIFICATION_SERVER" screenshot --now FILE
#                                             one capture, for a caller that waits for the screen
#                                             itself (notification-series.sh)
#   "$NOTIFICATION_SERVER" icon-pixels BEFORE AFTER
#                                             how many pixels of dailyquote's icon's tile colour
#                                             screenshot AFTER has more than BEFORE (0 when a server
#                                             draws a "missing image" placeholder instead)
#   "$NOTIFICATION_SERVER" press LABEL       (cinnamon, budgie, swaync) presses the button LABEL of the
#                                             newest notification that has one, through the server's
#                                             own widget, as a click does; exit 1 if none has it
#   "$NOTIFICATION_SERVER" dismiss           (cinnamon, budgie) presses the newest one's close button
#   "$NOTIFICATION_SERVER" clear             (cinnamon) the notifications applet's "Clear notifications"
#   "$NOTIFICATION_SERVER" close ID REASON   (mock only) emits NotificationClosed(ID, REASON)
#   "$NOTIFICATION_SERVER" invoke ID ACTION  (mock only) emits ActionInvoked(ID, ACTION): a button press
# Cinnamon is reached through org.Cinnamon.Eval (JavaScript in the shell), Budgie and swaync through
# the accessibility tree (AT-SPI): Tests/TestSupport/Harness/desktop_notifications.py.
#
# Wayland servers under sway (mako, swaync) cannot run as root ("Unable to drop root"). Run as
# root, the harness then starts the bus, sway, the server and CMD as an unprivileged user
# (NOTIFICATION_SERVER_USER; default the caller of sudo, else nobody) through setpriv, with XDG_RUNTIME_DIR a 0700
# directory of that user's. So that CMD can use the caller's sandbox, the directories named in
# HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME, XDG_DATA_HOME and
# NOTIFICATION_SERVER_SHARE (space-separated) are handed to that user (chown -R), but only
# when they are temporary directories (under $TMPDIR or /tmp, not /tmp itself; created if
# missing) owned by the caller; otherwise CMD gets a fresh HOME in the harness's run
# directory, and the XDG variable is unset. Run as a non-root user, everything runs as
# that user.
#
# NOTIFICATION_SERVER_DATA_DIRS (colon-separated directories, each laid out like /usr/share)
# adds applications for the servers and services for the bus: the directories come first in the
# servers' XDG_DATA_DIRS (GNOME Shell finds an application's desktop entry there), and each one's
# dbus-1/services is a service directory of the session bus (so that a notification's button can
# D-Bus-activate the application). The rest of the bus's service directory stays empty.
#
# Whatever the machine has installed, the servers, the bus and dailyquote see none of an
# installed dailyquote's files (run as root: lib.sh's private_view), only what the test stages:
# NOTIFICATION_SERVER_APP_FILES="icon knotifications" (default "icon": dailyquote's icon, as the
# package installs it; "knotifications" adds its KNotifications file, as Plasma sees it with the
# package) and NOTIFICATION_SERVER_DATA_DIRS. NOTIFICATION_SERVER_SYSTEM_APPS=1 shows the
# machine's installed files instead (the package test).
#
# NOTIFICATION_SERVER_GNOME_EXTENSION (gnome only) names a GNOME Shell 43 extension directory
# (a test-only one, e.g. Tests/TestSupport/Harness/gnome43-tray-extension): the shell runs in a session mode of
# the harness's ("user" plus that extension), since settings cannot be preset in its memory backend.
#
# Teardown: the harness makes itself a child subreaper, so everything started below it (the
# forked dbus-daemon, a holder that `dailyquote notify` left in a session of its own) stays its
# descendant; at exit it sends SIGTERM to the whole tree, then SIGKILL a second or two later.
# Readiness, logging and teardown come from lib.sh (the harnesses' shell library).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"
HARNESS_NAME=notification-server
# shellcheck source=Tests/TestSupport/Harness/lib.sh
. "$here/lib.sh"

# --- helper mode: "$NOTIFICATION_SERVER" readback | screenshot FILE | close ID REASON ---------
if [ "${1:-}" = "close" ]; then
  exec gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications NotificationClosed uu "[<uint32 $2>, <uint32 $3>]" >/dev/null
fi
if [ "${1:-}" = "invoke" ]; then
  exec gdbus call --session -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications ActionInvoked us "[<uint32 $2>, <'$3'>]" >/dev/null
fi
case "${1:-}" in
press | dismiss | clear)
  # Buttons pressed through the server itself, as a click would (Cinnamon, Budgie, swaync).
  : "${SERVER_NAME:?not inside with-notification-server.sh}"
  case "$SERVER_NAME" in
  cinnamon | budgie) exec /usr/bin/python3 "$here/desktop_notifications.py" "$SERVER_NAME" "$@" ;;
  swaync)
    [ "$1" = press ] || HARNESS_FAILURE_STATUS=3 harness_die "swaync has no $1 here"
    exec /usr/bin/python3 "$here/desktop_notifications.py" "$SERVER_NAME" "$@"
    ;;
  *) HARNESS_FAILURE_STATUS=3 harness_die "$SERVER_NAME has no $1 here" ;;
  esac
  ;;
esac
if [ "${1:-}" = "icon-pixels" ]; then
  # How many more pixels AFTER has than BEFORE in the colour of dailyquote's icon's tile (the
  # SVG's first fill): a drawn icon adds hundreds, a "missing image" placeholder (grey) none.
  before=${2:?icon-pixels BEFORE AFTER} after=${3:?icon-pixels BEFORE AFTER}
  tile=$(grep -o -m1 'fill="#[0-9a-fA-F]\{6\}"' "$here/../../../packaging/icons/dailyquote.svg" | head -1 | cut -d'"' -f2)
  [ -n "$tile" ] || HARNESS_FAILURE_STATUS=2 harness_die "no fill colour in packaging/icons/dailyquote.svg"
  count() { convert "$1" -alpha off -fuzz 4% -fill black +opaque "$tile" -fill white -opaque "$tile" -format '%[fx:round(mean*w*h)]' info:; }
  echo $(($(count "$after") - $(count "$before")))
  exit 0
fi
if [ "${1:-}" = "readback" ] || [ "${1:-}" = "screenshot" ]; then
  : "${SERVER_NAME:?not inside with-notification-server.sh}" "${NOTIFICATION_SERVER_RUN:?}"
  run=$NOTIFICATION_SERVER_RUN
  srv=$run/srv
  case "$1" in
  readback)
    case "$SERVER_NAME" in
    dunst)
      # The history holds closed notifications only: close them all, and read the history once
      # dunst shows and queues none.
      dunstctl close-all
      dunst_idle() { [ "$(dunstctl count displayed)" = 0 ] && [ "$(dunstctl count waiting)" = 0 ]; }
      wait_until 30 "dunst to close its notifications" dunst_idle || exit 2
      dunstctl history | python3 "$here/notification_readback.py" dunst
      ;;
    xfce4-notifyd)
      python3 "$here/notification_readback.py" xfce4-notifyd <"$srv/cache/xfce4/notifyd/log"
      ;;
    lxqt-notificationd)
      # Written when a notification expires unattended (the harness sets a short timeout).
      python3 "$here/notification_readback.py" lxqt-notificationd <"$srv/cache/lxqt-notificationd/unattended.list"
      ;;
    mako)
      makoctl list | python3 "$here/notification_readback.py" mako
      ;;
    cinnamon | budgie)
      # The shell's own objects (Cinnamon), the accessibility tree (Budgie).
      /usr/bin/python3 "$here/desktop_notifications.py" "$SERVER_NAME" readback
      ;;
    *) HARNESS_FAILURE_STATUS=3 harness_die "$SERVER_NAME has no read-back; use screenshot" ;;
    esac
    ;;
  screenshot)
    now=0
    if [ "${2:-}" = --now ]; then
      now=1
      shift
    fi
    out=${2:?screenshot [--now] FILE}
    capture() { # capture FILE: one PNG of the screen
      case "$SERVER_NAME" in
      mako | swaync)
        grim "$run/rt/shot.png"
        cp "$run/rt/shot.png" "$1"
        ;;
      gnome)
        # The Screenshot API answers only a caller owning an allow-listed name.
        rm -f "$srv/shot.png"
        gjs "$here/gnome_screenshot.js" "$srv/shot.png"
        cp "$srv/shot.png" "$1"
        ;;
      *)
        xwd -root -silent -display "$DISPLAY" | convert xwd:- "png:$1"
        ;;
      esac
    }
    # A picture is judged once it has stopped changing (a popup fades or slides in); one that
    # never settles (a clock ticking at the wrong moment, again and again) is still handed over.
    if [ "$now" = 1 ]; then
      capture "$out"
    else
      wait_still 20 "$out" capture || [ -s "$out" ] || exit 2
    fi
    ;;
  esac
  exit 0
fi

# --- the session ------------------------------------------------------------------------------
server=dunst
if [ "${1:-}" = "--server" ]; then
  server=${2:?--server NAME}
  shift 2
fi
[ $# -gt 0 ] || HARNESS_FAILURE_STATUS=2 harness_die "usage: $0 [--server NAME] CMD [ARG...]"

# A harness failure: status 2, with the reason.
HARNESS_FAILURE_STATUS=2
fail() { harness_die "$server: $*"; }

# What the desktop and dailyquote see of an installed dailyquote is what the test stages (lib.sh).
[ "${NOTIFICATION_SERVER_SYSTEM_APPS:-0}" != 1 ] || export HARNESS_SYSTEM_FILES=1
private_view "$self" --server "$server" "$@"

# Be a child subreaper (the attribute survives exec), so orphans stay in our tree.
if [ -z "${DQ_HARNESS_REAPER:-}" ]; then
  exec env DQ_HARNESS_REAPER=1 python3 -c '
import ctypes, os, sys
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
os.execv(sys.argv[1], sys.argv[1:])' "$self" --server "$server" "$@"
fi
unset DQ_HARNESS_REAPER

# What each server needs on this machine: its packages must be installed (a missing one fails).
need() {
  for p in "$@"; do command -v "$p" >/dev/null 2>&1 || [ -x "$p" ] || fail "$p is missing; run scripts/install-deps"; done
}
libexec=/usr/lib/x86_64-linux-gnu
[ -d "$libexec" ] || libexec=/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
display_kind=x11
case "$server" in
dunst) need Xvfb dunst dunstctl ;;
xfce4-notifyd) need Xvfb "$libexec/xfce4/notifyd/xfce4-notifyd" "$libexec/xfce4/xfconf/xfconfd" xfconf-query ;;
notification-daemon) need Xvfb /usr/lib/notification-daemon/notification-daemon ;;
mate-notification-daemon) need Xvfb /usr/lib/mate-notification-daemon/mate-notification-daemon ;;
lxqt-notificationd) need Xvfb lxqt-notificationd ;;
plasma) need Xvfb plasmashell "$libexec/libexec/kactivitymanagerd" ;;
gnome)
  need gnome-shell gjs
  [ -r /usr/share/gnome-shell/org.gnome.Shell.Notifications ] || fail "gnome-shell has no notification proxy; run scripts/install-deps"
  display_kind=gnome
  ;;
cinnamon)
  need Xvfb cinnamon
  /usr/bin/python3 -c 'import gi' 2>/dev/null || fail "python3-gi is not installed; run scripts/install-deps"
  ;;
budgie)
  need Xvfb budgie-daemon budgie-panel /usr/libexec/at-spi-bus-launcher
  /usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0")' 2>/dev/null ||
    fail "python3-gi or gir1.2-atspi-2.0 is not installed; run scripts/install-deps"
  ;;
mako) need sway mako makoctl grim; display_kind=sway ;;
swaync) need sway swaync swaync-client grim /usr/libexec/at-spi-bus-launcher; display_kind=sway ;;
mock) /usr/bin/python3 -c 'import dbusmock' 2>/dev/null || fail "python3-dbusmock is not installed; run scripts/install-deps" ;;
*) fail "unknown server (dunst, xfce4-notifyd, notification-daemon, mate-notification-daemon, lxqt-notificationd, plasma, gnome, mako, swaync, cinnamon, budgie, mock)" ;;
esac
need dbus-daemon gdbus python3
case "$display_kind" in x11) need xwd convert identify ;; *) need convert identify ;; esac

run=$(mktemp -d "${TMPDIR:-/tmp}/notification-server-XXXXXX")
at_exit rm -rf "$run"
chmod 755 "$run"
srv=$run/srv
mkdir -p "$run/services" "$srv/config" "$srv/cache" "$srv/data" "$srv/state" "$run/rt"
chmod 700 "$run/rt"

# Who runs the session. Sway refuses root, so its servers run as an unprivileged user; so does
# GNOME Shell, which as root first queues a "Logged in as a privileged user" banner.
as=()
if [ "$display_kind" != x11 ] && [ "$(id -u)" -eq 0 ]; then
  # Under sudo, the developer who called it (who can read their own checkout); else nobody.
  user=${NOTIFICATION_SERVER_USER:-${SUDO_USER:-nobody}}
  [ "$user" != root ] || user=nobody
  uid=$(id -u "$user") || fail "no user $user (set NOTIFICATION_SERVER_USER)"
  gid=$(id -g "$user")
  as=(setpriv "--reuid=$uid" "--regid=$gid" --clear-groups --)
  # CMD runs the checkout's binary and scripts as that user: a checkout in a 0700 home (root's,
  # or a user's on Debian 12) would fail with exit 126 and nothing said.
  "${as[@]}" test -r "$self" ||
    fail "user $user cannot read $self: put the checkout where $user can read it, or set NOTIFICATION_SERVER_USER to a user who can"
  chown -R "$uid:$gid" "$srv" "$run/rt"
  # Hand CMD's sandbox to the user, but only temporary directories (created if missing) that
  # are the caller's own.
  tmproot=$(realpath -m "${TMPDIR:-/tmp}")
  is_temp() {
    local real
    real=$(realpath -m "$1")
    case "$real" in "$tmproot"/?* | /tmp/?*) ;; *) return 1 ;; esac
    mkdir -p "$real" && { [ -O "$real" ] || [ "$(stat -c %u "$real")" = "$uid" ]; }
  }
  for var in HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_STATE_HOME XDG_DATA_HOME; do
    dir=${!var:-}
    [ -n "$dir" ] || continue
    if is_temp "$dir"; then
      chown -R "$uid:$gid" "$dir"
    elif [ "$var" = HOME ]; then
      mkdir -p "$run/home" && chown "$uid:$gid" "$run/home"
      export HOME=$run/home
      harness_log "HOME is not a temporary directory; CMD gets $HOME"
    else
      unset "$var"
    fi
  done
  for dir in ${NOTIFICATION_SERVER_SHARE:-}; do
    is_temp "$dir" && chown -R "$uid:$gid" "$dir"
  done
fi

descendants() {
  # Every process below $$, children first discovered breadth-first.
  local all queue=("$$") next out=()
  all=$(ps -e -o pid=,ppid= 2>/dev/null)
  while [ ${#queue[@]} -gt 0 ]; do
    next=()
    for p in "${queue[@]}"; do
      while read -r c pp; do
        # Not this very subshell (a child of $$ while it runs), nor its ps.
        [ "$pp" = "$p" ] && [ "$c" != "$BASHPID" ] && next+=("$c")
      done <<<"$all"
    done
    out+=("${next[@]}")
    queue=("${next[@]}")
  done
  echo "${out[@]}"
}
no_descendants() { [ -z "$(descendants)" ]; }
end_tree() {
  # SIGTERM to the whole tree, then SIGKILL to what is left a second or two later.
  local pids
  trap - INT TERM
  pids=$(descendants)
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086
  kill -CONT $pids 2>/dev/null || true
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null || true
  if ! wait_until 2 "the session's processes to end" no_descendants 2>/dev/null; then
    pids=$(descendants)
    # shellcheck disable=SC2086
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
  fi
  wait 2>/dev/null || true
}
at_exit end_tree
trap 'exit 143' TERM INT

show_logs() {
  # Returns 0 whatever the last file: under set -e a failing show_logs ended the harness with
  # status 1 before `fail` said why.
  for f in "$run"/*.log; do if [ -s "$f" ]; then echo "--- $(basename "$f")" >&2; tail -20 "$f" >&2; fi; done
  return 0
}

# The session bus's service directories from NOTIFICATION_SERVER_DATA_DIRS (none for the system bus).
extra_service_dirs() {
  [ "$1" = session ] || return 0
  local dir
  local IFS=:
  for dir in ${NOTIFICATION_SERVER_DATA_DIRS:-}; do
    [ -n "$dir" ] && printf '\n  <servicedir>%s/dbus-1/services</servicedir>' "$dir"
  done
  return 0
}

# A private bus whose service directory is empty.
new_bus() { # new_bus NAME TYPE -> $run/NAME.conf, prints "ADDRESS PID"
  cat >"$run/$1.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>$2</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$run/services</servicedir>$(extra_service_dirs "$2")
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
  "${as[@]}" dbus-daemon --config-file="$run/$1.conf" --fork --print-address=1 --print-pid=1 >"$run/$1.addr" 2>"$run/$1-bus.log" ||
    fail "dbus-daemon did not start: $(cat "$run/$1-bus.log")"
}
new_bus session session
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$run/session.addr")
export DBUS_SESSION_BUS_ADDRESS

# The servers' own HOME and XDG dirs (their logs and lists live there); CMD keeps the caller's.
# The system's config dirs too: a caller's XDG_CONFIG_DIRS (the tests give dailyquote a
# sandbox one) would hide the servers' own defaults (swaync then finds no config and exits).
# What the servers see of dailyquote is what the test stages (the machine's installed files are
# hidden: lib.sh's private_view), as the package installs it (packaging/stage-app.sh), in this
# directory, which comes before the system's data directories. NOTIFICATION_SERVER_APP_FILES
# names the parts (default "icon"):
#   icon            the checkout's SVG and PNGs in hicolor, under the application id and the older
#                   name (icon = "dailyquote"), so that the servers draw it and not a "missing
#                   image" placeholder; no icon-theme.cache, so GTK's and Qt's lookups scan them
#   knotifications  the KNotifications file (knotifications5/6/dailyquote.notifyrc): Plasma then
#                   counts dailyquote as a configurable application, as on a machine with the package
# A desktop entry and D-Bus service come from the caller (NOTIFICATION_SERVER_DATA_DIRS);
# NOTIFICATION_SERVER_SYSTEM_APPS=1 shows the machine's installed files instead (the package test).
app_data=""
if [ "${NOTIFICATION_SERVER_SYSTEM_APPS:-0}" != 1 ]; then
  mkdir -p "$run/app-data"
  packaging=$here/../../../packaging
  for part in ${NOTIFICATION_SERVER_APP_FILES-icon}; do
    case "$part" in
    icon)
      icons=$packaging/icons
      [ -r "$icons/dailyquote.svg" ] || fail "no $icons/dailyquote.svg (the project's icon)"
      hicolor=$run/app-data/icons/hicolor
      install -D -m 0644 "$icons/dailyquote.svg" "$hicolor/scalable/apps/io.github.dailyquote.DailyQuote.svg"
      ln -s io.github.dailyquote.DailyQuote.svg "$hicolor/scalable/apps/dailyquote.svg"
      for png in "$icons"/hicolor/*/dailyquote.png; do
        size=$(basename "$(dirname "$png")")
        install -D -m 0644 "$png" "$hicolor/$size/apps/io.github.dailyquote.DailyQuote.png"
        ln -s io.github.dailyquote.DailyQuote.png "$hicolor/$size/apps/dailyquote.png"
      done
      ;;
    knotifications)
      # The file stage-app.sh installs, less the Name[LL]= lines msgfmt adds (the tests read no translation).
      for version in 5 6; do
        install -D -m 0644 "$packaging/knotifications/dailyquote.notifyrc.in" "$run/app-data/knotifications$version/dailyquote.notifyrc"
      done
      ;;
    *) fail "NOTIFICATION_SERVER_APP_FILES: unknown part '$part' (icon, knotifications)" ;;
    esac
  done
  chmod -R a+rX "$run/app-data"
  app_data="$run/app-data:"
fi
srvenv=(env HOME="$srv" XDG_CONFIG_HOME="$srv/config" XDG_CACHE_HOME="$srv/cache" XDG_DATA_HOME="$srv/data"
  XDG_STATE_HOME="$srv/state" XDG_RUNTIME_DIR="$run/rt" XDG_CONFIG_DIRS=/etc/xdg GSETTINGS_BACKEND=memory GIO_USE_VFS=local NO_AT_BRIDGE=1
  XDG_DATA_DIRS="${NOTIFICATION_SERVER_DATA_DIRS:+$NOTIFICATION_SERVER_DATA_DIRS:}$app_data${XDG_DATA_DIRS:-/usr/local/share:/usr/share}")
start() { # start LOGNAME CMD... (in the background, as the session's user, with the servers' env)
  local log=$1
  shift
  "${as[@]}" "${srvenv[@]}" "$@" >"$run/$log.log" 2>&1 &
  server_pid=$!
  disown "$server_pid" # teardown walks the process tree; and no "Segmentation fault" job notice
}

# How long a server or its display may take to come up: generous, for a loaded two-core
# machine (a limit only ends a wait that will never succeed).
limit=60

# The display.
case "$display_kind" in
x11)
  # Xvfb picks a free display itself and writes its number: no race with a parallel test.
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$run/display" >"$run/xvfb.log" 2>&1 &
  xvfb_pid=$!
  wait_alive "$xvfb_pid" "$limit" "Xvfb's display number" test -s "$run/display" || { show_logs; fail "Xvfb did not start"; }
  DISPLAY=":$(tr -d '[:space:]' <"$run/display")"
  export DISPLAY
  unset WAYLAND_DISPLAY
  ;;
sway)
  cat >"$run/sway.conf" <<'CONF'
output HEADLESS-1 resolution 1280x800 position 0,0 background #2e3440 solid_color
default_border none
CONF
  chmod 644 "$run/sway.conf"
  WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman start sway sway -c "$run/sway.conf"
  sway_pid=$server_pid
  wayland_socket() {
    sock=$(find "$run/rt" -maxdepth 1 -name 'wayland-*' ! -name '*.lock' 2>/dev/null | head -1)
    [ -n "$sock" ]
  }
  wait_alive "$sway_pid" "$limit" "sway's Wayland socket" wayland_socket || { show_logs; fail "sway did not start"; }
  export WAYLAND_DISPLAY=${sock##*/}
  export XDG_RUNTIME_DIR=$run/rt
  unset DISPLAY
  ;;
gnome)
  # GNOME Shell 43 looks up logind on a system bus: a second private bus stands in for it.
  new_bus system system
  DBUS_SYSTEM_BUS_ADDRESS=$(sed -n 1p "$run/system.addr")
  export DBUS_SYSTEM_BUS_ADDRESS
  export WAYLAND_DISPLAY=wl-dq-$$ XDG_RUNTIME_DIR=$run/rt
  unset DISPLAY
  # Without GDM the shell first queues a "Screen Lock disabled" banner, unless this file says
  # it was shown; headless banners never time out, and ours would wait behind it.
  mkdir -p "$srv/data/gnome-shell"
  touch "$srv/data/gnome-shell/lock-warning-shown"
  [ ${#as[@]} -eq 0 ] || chown -R "$uid:$gid" "$srv/data"
  shell_mode=()
  if [ -n "${NOTIFICATION_SERVER_GNOME_EXTENSION:-}" ]; then
    # The shell reads session modes from the system data dirs only; extensions from those too.
    uuid=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["uuid"])' "$NOTIFICATION_SERVER_GNOME_EXTENSION/metadata.json")
    mkdir -p "$run/shell-data/gnome-shell/modes" "$run/shell-data/gnome-shell/extensions"
    cp -r "$NOTIFICATION_SERVER_GNOME_EXTENSION" "$run/shell-data/gnome-shell/extensions/$uuid"
    printf '{"parentMode": "user", "enabledExtensions": ["%s"]}\n' "$uuid" >"$run/shell-data/gnome-shell/modes/dq-test.json"
    chmod -R a+rX "$run/shell-data"
    srvenv+=(XDG_DATA_DIRS="$run/shell-data:${NOTIFICATION_SERVER_DATA_DIRS:+$NOTIFICATION_SERVER_DATA_DIRS:}$app_data${XDG_DATA_DIRS:-/usr/local/share:/usr/share}")
    shell_mode=(--mode=dq-test)
  fi
  owned() {
    "${as[@]}" gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
  }
  # GNOME Shell 43 can hang as it starts: its main thread reads a pipe from a child it forked,
  # and the child is stuck on a lock it inherited (seen in CI, before and after the shell took
  # its name). Not dailyquote's doing: the shell is stopped and started again, once.
  stop_gnome_shell() {
    local stuck
    stuck=$(ps -e -o pid=,ppid= | awk -v a="$shell_pid" '$2 == a { print $1 }')
    # shellcheck disable=SC2086
    kill -KILL $stuck "$shell_pid" ${proxy_pid:-} 2>/dev/null || true
    names_gone() { ! owned org.gnome.Shell && ! owned org.freedesktop.Notifications; }
    wait_until "$limit" "the hung shell's names to go" names_gone || true
    [ ! -e "$run/gnome-shell.log" ] || mv "$run/gnome-shell.log" "$run/gnome-shell-hung.log"
    [ ! -e "$run/gnome-notifications.log" ] || mv "$run/gnome-notifications.log" "$run/gnome-notifications-hung.log"
  }
  start_gnome_shell() {
    local attempt
    for attempt in 1 2; do
      XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=wayland start gnome-shell \
        gnome-shell --headless --virtual-monitor 1280x800 --wayland --no-x11 --wayland-display="$WAYLAND_DISPLAY" "${shell_mode[@]}"
      shell_pid=$server_pid
      # 30 s tells the hang from a slow start (it takes a few seconds on a loaded machine).
      wait_alive "$shell_pid" 30 "GNOME Shell to take its name" owned org.gnome.Shell && return 0
      [ "$attempt" = 1 ] || break
      harness_log "GNOME Shell did not take its name in 30 s; starting it again"
      stop_gnome_shell
    done
    show_logs
    fail "gnome-shell did not start"
  }
  start_gnome_shell
  ;;
esac
dbus_env() { dbus-update-activation-environment "$@" >/dev/null 2>&1 || true; }
[ -n "${DISPLAY:-}" ] && "${as[@]}" dbus-update-activation-environment DISPLAY >/dev/null 2>&1 || true

# The server.
case "$server" in
dunst)
  cat >"$run/dunstrc" <<'CONF'
[global]
    markup = full
    format = "<b>%s</b>\n%b"
    geometry = "500x5-20+40"
    font = Monospace 10
    show_age_threshold = -1
    history_length = 100
    sticky_history = yes
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
CONF
  # Its context menu (dunstctl action/context) asks this "dmenu": it picks the first line that
  # contains the text in $NOTIFICATION_SERVER_RUN/dmenu-choice (a button's label), or none.
  printf '#!/bin/sh\nchoice=$(cat "%s/dmenu-choice" 2>/dev/null)\n[ -n "$choice" ] && grep -m1 -F -- "$choice"\nexit 0\n' "$run" >"$run/dmenu"
  chmod 755 "$run/dmenu"
  sed -i "s|^\\[urgency_low\\]|    dmenu = $run/dmenu\\n[urgency_low]|" "$run/dunstrc"
  start dunst dunst -config "$run/dunstrc"
  export DUNST_PID=$server_pid
  ;;
xfce4-notifyd)
  # Its log needs xfconfd (normally D-Bus-activated) and two settings.
  start xfconfd "$libexec/xfce4/xfconf/xfconfd"
  # Under load (the whole suite at once) xfconfd can answer a listing and still refuse a setting
  # ("Failed to set property"): each setting is tried again until it holds.
  xfsetting() {
    xfquery() { xfconf-query -c xfce4-notifyd "$@" >/dev/null 2>&1; }
    wait_until "$limit" "xfconfd to take the setting $*" xfquery "$@" || xfconf-query -c xfce4-notifyd "$@"
  }
  xfsetting -p /notification-log -n -t bool -s true
  xfsetting -p /log-level -n -t uint -s 1
  xfconf-query -c xfce4-notifyd -p /log-level-apps -n -t uint -s 0 2>/dev/null || true
  start xfce4-notifyd "$libexec/xfce4/notifyd/xfce4-notifyd"
  ;;
notification-daemon)
  start notification-daemon /usr/lib/notification-daemon/notification-daemon
  ;;
mate-notification-daemon)
  start mate-notification-daemon /usr/lib/mate-notification-daemon/mate-notification-daemon
  ;;
lxqt-notificationd)
  # A short server-side timeout, so that a shown notification reaches unattended.list soon.
  mkdir -p "$srv/config/lxqt"
  printf '[General]\nserver_decides=3\nunattendedMaxNum=10\n' >"$srv/config/lxqt/notifications.conf"
  [ ${#as[@]} -eq 0 ] || chown -R "$uid:$gid" "$srv/config"
  start lxqt-notificationd lxqt-notificationd
  ;;
plasma)
  export QT_QPA_PLATFORM=xcb XDG_CURRENT_DESKTOP=KDE KDE_FULL_SESSION=true KDE_SESSION_VERSION=5
  start kactivitymanagerd "$libexec/libexec/kactivitymanagerd"
  activities() { gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner org.kde.ActivityManager 2>/dev/null | grep -q true; }
  # plasmashell starts without it too (as before): a wait that gives up is only logged.
  wait_alive "$server_pid" "$limit" "kactivitymanagerd's name" activities || true
  start plasmashell plasmashell --no-respawn
  ;;
gnome)
  start gnome-notifications gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications
  proxy_pid=$server_pid
  server_pid=$shell_pid
  ;;
cinnamon)
  # Like GNOME Shell, it looks for logind and others on a system bus: without one it still runs,
  # but first posts its own "Problems during Cinnamon startup" notification.
  new_bus system system
  DBUS_SYSTEM_BUS_ADDRESS=$(sed -n 1p "$run/system.addr")
  export DBUS_SYSTEM_BUS_ADDRESS
  export XDG_CURRENT_DESKTOP=X-Cinnamon XDG_SESSION_TYPE=x11 LIBGL_ALWAYS_SOFTWARE=1
  # Its window list reads ~/.config/autostart (its HOME's, not XDG_CONFIG_HOME) and logs a
  # JavaScript error when it is missing.
  mkdir -p "$srv/.config/autostart"
  start cinnamon cinnamon
  ;;
budgie)
  # budgie-panel (Raven, which keeps expired notifications) segfaults without a system bus.
  new_bus system system
  DBUS_SYSTEM_BUS_ADDRESS=$(sed -n 1p "$run/system.addr")
  export DBUS_SYSTEM_BUS_ADDRESS
  export XDG_CURRENT_DESKTOP=Budgie:GNOME XDG_SESSION_TYPE=x11
  # Nothing of Budgie's is scriptable over D-Bus beyond Raven's count, so the read-back and the
  # button presses go through the accessibility tree: an AT-SPI bus (not D-Bus-activated
  # here), and GTK's bridge on for these two processes (NO_AT_BRIDGE=1 keeps it off elsewhere).
  start at-spi /usr/libexec/at-spi-bus-launcher --launch-immediately
  owned() { gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true; }
  wait_alive "$server_pid" "$limit" "the accessibility bus" owned org.a11y.Bus || { show_logs; fail "at-spi-bus-launcher did not start"; }
  srvenv+=(NO_AT_BRIDGE=0)
  # Raven must listen before the first popup expires, or it never stores that notification.
  start budgie-panel budgie-panel
  wait_alive "$server_pid" "$limit" "Raven's name" owned org.budgie_desktop.Raven || { show_logs; fail "budgie-panel (Raven) did not start"; }
  start budgie-daemon budgie-daemon
  ;;
mako)
  start mako mako
  ;;
swaync)
  # swaync 0.7.3's client cannot press a button (it has no --action): the presses go through
  # the accessibility tree, as on Budgie, with GTK's bridge on for swaync alone.
  start at-spi /usr/libexec/at-spi-bus-launcher --launch-immediately
  owned() {
    "${as[@]}" gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
  }
  wait_alive "$server_pid" "$limit" "the accessibility bus" owned org.a11y.Bus || { show_logs; fail "at-spi-bus-launcher did not start"; }
  srvenv+=(NO_AT_BRIDGE=0)
  start swaync swaync
  ;;
mock)
  export MOCK_LOG=$run/mock-calls.log
  start dbusmock /usr/bin/python3 -m dbusmock --template notification_daemon -l "$MOCK_LOG" \
    -p "{\"capabilities\": \"${MOCK_CAPABILITIES:-body body-markup persistence}\"}"
  ;;
esac
export SERVER_PID=$server_pid SERVER_NAME=$server NOTIFICATION_SERVER=$self NOTIFICATION_SERVER_RUN=$run

ready() {
  # A name owner that never answers must not hold each try for gdbus's default 25 s; GNOME
  # Shell on a loaded machine can take seconds to answer its first calls.
  "${as[@]}" gdbus call --session --timeout 8 -d org.freedesktop.Notifications -o /org/freedesktop/Notifications \
    -m org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1
}
wait_ready() {
  # Plasma takes 1-2 s on an idle machine, more on a busy one. GNOME Shell gets 30 s: longer
  # is its hang at start (below), which only a restart ends.
  local seconds=$limit
  [ "$server" != gnome ] || seconds=30
  wait_alive "$server_pid" "$seconds" "an answer to GetServerInformation" ready
}
ready_now=0
wait_ready && ready_now=1
if [ "$ready_now" = 0 ] && [ "$server" = gnome ]; then
  # The shell's hang at start (start_gnome_shell), after it took its name.
  harness_log "GNOME Shell did not answer in 30 s; starting it again"
  stop_gnome_shell
  start_gnome_shell
  start gnome-notifications gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications
  proxy_pid=$server_pid
  server_pid=$shell_pid
  export SERVER_PID=$server_pid
  wait_ready && ready_now=1
fi
# No second question here: one answer within the wait is the proof (a slow answer to a second
# call failed runs on a loaded machine).
[ "$ready_now" = 1 ] || { show_logs; fail "the server did not answer GetServerInformation"; }

set +e
"${as[@]}" "$@"
status=$?
set -e
exit $status
