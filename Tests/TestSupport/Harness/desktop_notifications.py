#!/usr/bin/python3
"""What Cinnamon's and Budgie's notification servers hold, and their buttons (and swaync's) pressed
as a click does, for with-notification-server.sh (run with the system's python3: it needs python3-gi):

  desktop_notifications.py cinnamon|budgie readback      JSON lines, one per notification
  desktop_notifications.py cinnamon|budgie|swaync press LABEL
                                                          presses the newest notification's button LABEL
  desktop_notifications.py cinnamon|budgie dismiss       presses the newest notification's close button
  desktop_notifications.py cinnamon clear                the notifications applet's "Clear notifications"

Each readback line is {"summary", "body", "text", "source", "buttons"}: "text" is the body as the
server draws it (after its markup parsing), "body" as it received it where the server keeps that
(Cinnamon; null on Budgie), "buttons" the labels of its action buttons. Cinnamon adds "id" and
"where": "banner" while it is shown or queued, "applet" once it has moved to the notifications
applet (after about 4 s).

Cinnamon: org.Cinnamon.Eval (enabled in 5.6.8) runs JavaScript in the shell, which reaches
the notification daemon's own objects. A press emits the button's "clicked" signal, the
signal a pointer click emits; the shell then sends ActionInvoked as for a click.

Budgie: nothing of budgie-daemon's is scriptable over D-Bus, and Raven's interface gives a
count only, so this reads and presses through the accessibility tree (AT-SPI), which the
harness switches on for Budgie: the popups are budgie-daemon's windows, the stored ones are
Raven's list in budgie-panel. A press is the button's accessible "click" action, which GTK
turns into the button's "clicked" signal. Exits 1 with a reason when there is nothing to press.

swaync (0.7.3, GTK 3 under sway): its client has no way to press a button, so a press goes through
the accessibility tree as on Budgie: the popups' buttons are push buttons named by their labels.
"""
import json
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402


def session():
    return Gio.bus_get_sync(Gio.BusType.SESSION, None)


# --- Cinnamon ---------------------------------------------------------------------------------

# The daemon's notifications by id; a notification object is created once the sender's PID is known.
CINNAMON_NOTIFICATIONS = """
(() => {
  const daemon = Main.notificationDaemon;
  const applet = imports.ui.appletManager.get_role_provider("notifications");
  return Object.keys(daemon._notifications).map(Number).sort((a, b) => a - b).map(id => {
    const d = daemon._notifications[id], n = d.notification;
    return {id: id, app: d.appName, body: d.body,
      summary: n ? n._titleLabel.clutter_text.text : null,
      text: n && n._bodyUrlHighlighter ? n._bodyUrlHighlighter.actor.clutter_text.text : null,
      buttons: n && n._actionArea ? n._actionArea.get_children().map(b => b.label) : [],
      where: n && applet && applet.notifications.indexOf(n) >= 0 ? "applet" : "banner"};
  });
})()
"""

# The newest notification's button (by label), or its close button (label null), "clicked".
CINNAMON_PRESS = """
((label) => {
  const St = imports.gi.St;
  const daemon = Main.notificationDaemon;
  for (const id of Object.keys(daemon._notifications).map(Number).sort((a, b) => b - a)) {
    const n = daemon._notifications[id].notification;
    if (!n) continue;
    const button = label === null
      ? n._table.get_children().find(c => c instanceof St.Button)
      : (n._actionArea ? n._actionArea.get_children().find(b => b.label === label) : undefined);
    if (button) { button.emit("clicked", 1); return id; }
  }
  return 0;
})(%s)
"""

# The notifications applet's "Clear notifications" menu item.
CINNAMON_CLEAR = """
(() => {
  const applet = imports.ui.appletManager.get_role_provider("notifications");
  if (!applet) return 0;
  const count = applet.notifications.length;
  applet.clear_action.activate();
  return count;
})()
"""


def cinnamon_eval(code):
    reply = session().call_sync(
        "org.Cinnamon", "/org/Cinnamon", "org.Cinnamon", "Eval", GLib.Variant("(s)", (code,)),
        GLib.VariantType("(bs)"), Gio.DBusCallFlags.NONE, 10000, None)
    ok, result = reply.unpack()
    if not ok:
        sys.exit(f"org.Cinnamon.Eval failed: {result}")
    return json.loads(result) if result else None


def cinnamon(command, args):
    if command == "readback":
        for n in cinnamon_eval(CINNAMON_NOTIFICATIONS):
            print(json.dumps({"summary": n["summary"], "body": n["body"], "text": n["text"],
                              "source": "org.Cinnamon.Eval", "buttons": n["buttons"], "id": n["id"],
                              "where": n["where"]},
                             ensure_ascii=False))
    elif command in ("press", "dismiss"):
        label = args[0] if command == "press" else None
        pressed = cinnamon_eval(CINNAMON_PRESS % json.dumps(label))
        if not pressed:
            sys.exit(f"cinnamon: no notification has a button {label!r}" if label else "cinnamon: no notification to dismiss")
        print(pressed)
    elif command == "clear":
        if not cinnamon_eval(CINNAMON_CLEAR):
            sys.exit("cinnamon: the notifications applet holds nothing to clear")
    else:
        sys.exit(f"cinnamon: unknown command {command}")


# --- Budgie -----------------------------------------------------------------------------------

def atspi():
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi
    return Atspi


def descendants(node):
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is None:
            continue
        yield child
        yield from descendants(child)


def application(name):
    desktop = atspi().get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == name:
            return app
    return None


def showing(node):
    Atspi = atspi()
    return node.get_state_set().contains(Atspi.StateType.SHOWING)


def top(node):
    return node.get_extents(atspi().CoordType.SCREEN).y


def labels(node):
    """The non-empty labels under node, top to bottom."""
    found = [n for n in descendants(node) if n.get_role_name() == "label" and n.get_name()]
    return sorted(found, key=lambda n: (top(n), n.get_extents(atspi().CoordType.SCREEN).x))


def buttons(node):
    return [n for n in descendants(node) if n.get_role_name() == "push button" and n.get_name()]


def budgie_popups():
    """budgie-daemon's popup windows that are on screen, oldest first."""
    app = application("budgie-daemon")
    if app is None:
        return []
    return [w for w in (app.get_child_at_index(i) for i in range(app.get_child_count())) if w is not None and showing(w)]


def raven(method, signature=None):
    reply = session().call_sync(
        "org.budgie_desktop.Raven", "/org/budgie_desktop/Raven", "org.budgie_desktop.Raven", method, None,
        GLib.VariantType(signature) if signature else None, Gio.DBusCallFlags.NONE, 10000, None)
    return reply.unpack()[0] if signature else None


def raven_items():
    """Raven's stored notifications: list items holding their own labels and no list of their own."""
    app = application("budgie-panel")
    if app is None:
        return []
    items = []
    for node in descendants(app):
        if node.get_role_name() != "list item" or not showing(node):
            continue
        if any(d.get_role_name() == "list box" for d in descendants(node)):
            continue  # an application's group, whose list holds the notifications
        if len(labels(node)) >= 2:
            items.append(node)
    return items


def budgie(command, args):
    if command == "readback":
        for popup in budgie_popups():
            # Top to bottom: the summary, then the body (the popup draws no time).
            shown = [n.get_name() for n in labels(popup)]
            print(json.dumps({"summary": shown[0] if shown else None, "body": None,
                              "text": shown[1] if len(shown) > 1 else "", "source": "budgie-daemon popup (AT-SPI)",
                              "buttons": [b.get_name() for b in buttons(popup) if b.get_name() != "Close"]},
                             ensure_ascii=False))
        # Raven shows its list only while it is open: open it on the notifications, read, close it.
        # It slides open and builds its list's accessibility tree only then, which on a loaded
        # machine has taken over 3 s; and a read just before may still be closing it (expanded,
        # but on its way out), so it is opened again when it is found closed. Not sooner than 3 s
        # after the last toggle: one that has not yet said it is expanded would be toggled shut.
        if raven("GetNotificationCount", "(u)") > 0:
            # A list still being built may show an item before its summary has its text: the read
            # counts once two reads 0.3 s apart agree.
            opened = False
            items, last = [], None
            toggled = None
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                if not raven("GetExpanded", "(b)") and (toggled is None or time.monotonic() - toggled > 3):
                    raven("ToggleNotificationsView")
                    toggled = time.monotonic()
                    opened = True
                items = [([n.get_name() for n in labels(item)],
                          [b.get_name() for b in buttons(item) if b.get_name() != "Close"]) for item in raven_items()]
                if items and items == last:
                    break
                last = items
                time.sleep(0.3 if items else 0.1)
            if not items:
                print("budgie: Raven counts notifications but showed none in 20 s; expanded:",
                      raven("GetExpanded", "(b)"), file=sys.stderr)
                # What it shows instead, for the failure's message.
                app = application("budgie-panel")
                for node in (descendants(app) if app is not None else []):
                    if node.get_role_name() in ("list item", "list box", "label", "push button") and showing(node):
                        print(f"  {node.get_role_name()} {node.get_name()!r}", file=sys.stderr)
            for shown, pressable in items:
                # Top to bottom: the summary, the body, the time it came.
                print(json.dumps({"summary": shown[0], "body": None, "text": shown[1] if len(shown) > 2 else "",
                                  "source": "Raven (AT-SPI)", "buttons": pressable},
                                 ensure_ascii=False))
            if opened:
                raven("Dismiss")
    elif command in ("press", "dismiss"):
        label = args[0] if command == "press" else "Close"
        for popup in reversed(budgie_popups()):
            for button in buttons(popup):
                if button.get_name() == label:
                    atspi().Action.do_action(button, 0)
                    return
        sys.exit(f"budgie: no popup has a button {label!r}")
    else:
        sys.exit(f"budgie: unknown command {command}")


# --- swaync ------------------------------------------------------------------------------------

def swaync(command, args):
    if command != "press":
        sys.exit(f"swaync: unknown command {command}")
    app = application("swaync")
    # The newest popup's button comes last; the walk stops at the press (a press that closes the
    # popup takes its objects away).
    found = [n for n in descendants(app) if n.get_role_name() == "push button" and n.get_name() == args[0]] if app else []
    if not found:
        sys.exit(f"swaync: no popup has a button {args[0]!r}")
    atspi().Action.do_action(found[-1], 0)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    server, command, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    {"cinnamon": cinnamon, "budgie": budgie, "swaync": swaync}.get(server, lambda *_: sys.exit(f"unknown server {server}"))(command, args)


if __name__ == "__main__":
    main()
