#!/usr/bin/python3
"""KDE Plasma 6's notifications read and pressed through the accessibility tree (AT-SPI), as a
person sees and clicks them, for scripts/plasma6 (run with the system's python3: it needs
python3-pyatspi, and xdotool under X; the session starts the accessibility bus before
plasmashell, and sets QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1):

  plasma-notifications popups                     JSON lines, one per popup on screen
  plasma-notifications wait-popup TEXT [SECONDS] [--hover] [--ready FILE]
                                                  until a popup shows TEXT; prints it (--hover:
                                                  then moves the pointer onto it; --ready: makes
                                                  FILE once the first read is done)
  plasma-notifications wait-gone TEXT [SECONDS]   until no popup has shown TEXT for 0.5 s
  plasma-notifications press LABEL [TEXT]         clicks button LABEL of the popup showing TEXT
                                                  (without TEXT, of the first popup that has it)
  plasma-notifications history [TEXT]             JSON lines, one per notification in the
                                                  notifications view (opened for the read; with
                                                  TEXT, read until an entry shows it)
  plasma-notifications history-press LABEL TEXT   the same, then clicks button LABEL of the
                                                  entry showing TEXT there
  plasma-notifications park                       moves the pointer off every notification
  plasma-notifications dump                       plasmashell's accessibility tree

A line is {"summary", "app", "text", "buttons": [{"name", "x", "y", "width", "height"}],
"extents": {"x", "y", "width", "height"}}:
"summary" the notification's summary, "app" its heading (the application's name), "text" the
body as drawn, after Plasma's markup parsing (Qt gives a line break as U+2028, and Plasma's label
ends in one space: the text here has a newline, and no trailing space), "buttons" the buttons
shown on it (its actions, and Close) with their screen extents, "extents" the notification's.

A press is a real click: the pointer moves to the button's centre (XTEST, through xdotool), and
the left button goes down and up there, as under a person's hand. The pointer stays there, as a
hand does: a popup under the pointer does not time out (`park` moves it away).
On Wayland (WAYLAND_DISPLAY set) no client may move the pointer or click: a press is the
button's accessible Press action (Atspi.Action.do_action), as a screen reader presses it, and
--hover and `park` do nothing (the session's popup timeout must leave the time a press needs).

Plasma's history is its notifications view in the system tray: its bell in the panel where
the tray shows it (there are unread notifications), otherwise through "Show hidden icons". The
view is read once two reads 0.5 s apart agree (the list is built as the view opens), then closed.

TEXT is matched exactly. Every wait polls against a deadline (default 30 s: a loaded machine),
and at the deadline says on standard error what shows instead and exits 1.
"""
import json
import os
import subprocess
import sys
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

LINE_SEPARATOR = "\u2028"
DEFAULT_SECONDS = 30.0
# Where the pointer rests when it must not rest on a notification: the desktop's top left.
PARK = (40, 40)
WAYLAND = bool(os.environ.get("WAYLAND_DISPLAY"))


class Button(dict):
    """A button's name and extents (as printed), and its node, for a press through the tree."""

    def __init__(self, node, **fields):
        super().__init__(**fields)
        self.node = node


def button(node, **fields):
    return Button(node, name=name(node), **extents(node), **fields)


class Gone(Exception):
    """A node went away while it was read (a popup closing): read again."""


def children(node):
    try:
        count = node.get_child_count()
    except GLib.Error as error:
        raise Gone(error) from error
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is not None:
            yield child


def descendants(node):
    for child in children(node):
        yield child
        yield from descendants(child)


def plasmashell():
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        try:
            if app.get_name() == "plasmashell":
                app.clear_cache()
                return app
        except GLib.Error:
            continue
    return None


def role(node):
    try:
        return node.get_role_name()
    except GLib.Error as error:
        raise Gone(error) from error


def name(node):
    try:
        return node.get_name() or ""
    except GLib.Error as error:
        raise Gone(error) from error


def showing(node):
    try:
        return node.get_state_set().contains(Atspi.StateType.SHOWING)
    except GLib.Error:
        return False


def extents(node):
    try:
        e = node.get_extents(Atspi.CoordType.SCREEN)
    except GLib.Error as error:
        raise Gone(error) from error
    return {"x": e.x, "y": e.y, "width": e.width, "height": e.height}


def text_of(node):
    try:
        if node.get_text_iface() is None:
            return ""
        return Atspi.Text.get_text(node, 0, -1) or ""
    except GLib.Error as error:
        raise Gone(error) from error


def as_drawn(text):
    """The label's text as a person reads it: line breaks as newlines, without the one space
    Plasma's label adds at the end."""
    text = text.replace(LINE_SEPARATOR, "\n")
    return text[:-1] if text.endswith(" ") else text


def read_notification(node):
    """A notification (a popup's `notification` node, or a history entry's `filler`): its
    summary, the application's heading, the body's text and the buttons shown."""
    app, text, buttons = None, None, []
    for child in descendants(node):
        kind = role(child)
        if kind == "heading" and app is None:
            app = name(child)
        elif kind == "text" and text is None:
            text = as_drawn(text_of(child))
        elif kind == "button" and showing(child) and name(child):
            buttons.append(button(child))
    return {"summary": name(node), "app": app, "text": text, "buttons": buttons, "extents": extents(node)}


def notification_nodes(app):
    return [n for n in descendants(app) if role(n) == "notification" and showing(n)]


def popups():
    """The popups on screen, in the tree's order."""
    while True:
        try:
            app = plasmashell()
            return [] if app is None else [read_notification(n) for n in notification_nodes(app)]
        except Gone:
            time.sleep(0.05)


def say(message):
    print(f"plasma-notifications: {message}", file=sys.stderr)


def show(entries):
    return "; ".join(json.dumps(e, ensure_ascii=False) for e in entries) or "nothing"


def wait(condition, seconds, what, describe, ready=None):
    """condition()'s first truthy value, polled under a deadline. With ready, a file made once
    the first read is done (a caller that posts next knows that the read is under way)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            result = condition()
        except Gone:
            result = None
        if ready is not None:
            open(ready, "w").close()
            ready = None
        if result:
            return result
        if time.monotonic() >= deadline:
            try:
                shown = describe()
            except Gone:
                shown = "(the tree changed while it was read)"
            say(f"no {what} after {seconds:g} s; shown: {shown}")
            sys.exit(1)
        time.sleep(0.1)


def wait_popup(text, seconds, hover=False, ready=None):
    def found():
        return next((p for p in popups() if p["text"] == text), None)
    popup = wait(found, seconds, f"popup showing {text!r}", lambda: show(popups()), ready)
    if hover and not WAYLAND:
        # As a hand on the popup: Plasma stops its timer while the pointer is on it.
        area = popup["extents"]
        xdotool("mousemove", "--sync", area["x"] + area["width"] // 2, area["y"] + area["height"] // 2)
    print(json.dumps(popup, ensure_ascii=False))


def wait_gone(text, seconds):
    """Until no popup has shown TEXT for 0.5 s (not a popup's window shown again as it moves)."""
    since = []

    def gone():
        if any(p["text"] == text for p in popups()):
            since.clear()
            return False
        since[:] = since or [time.monotonic()]
        return time.monotonic() - since[0] >= 0.5
    wait(gone, seconds, f"end of the popup showing {text!r}", lambda: show(popups()))


def xdotool(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)


def click(target):
    """A left click at the centre of a button (a Button); on Wayland, its Press action."""
    if WAYLAND:
        press_action(target)
        return
    x, y = target["x"] + target["width"] // 2, target["y"] + target["height"] // 2
    xdotool("mousemove", "--sync", x, y)
    xdotool("click", "1")


def press_action(target):
    """The button's accessible action named Press (Qt's name), else its first; exits 1 when the
    button has none, or the press was refused."""
    try:
        count = Atspi.Action.get_n_actions(target.node)
        with warnings.catch_warnings():
            # Its successor, get_name, is not in Debian 13's AT-SPI.
            warnings.simplefilter("ignore", DeprecationWarning)
            names = [Atspi.Action.get_action_name(target.node, i) for i in range(count)]
        if not names:
            say(f"button {target['name']!r} offers no action")
            sys.exit(1)
        index = names.index("Press") if "Press" in names else 0
        done = Atspi.Action.do_action(target.node, index)
    except GLib.Error as error:
        say(f"button {target['name']!r}: its action failed: {error.message}")
        sys.exit(1)
    if not done:
        say(f"button {target['name']!r}: {names[index]!r} was refused")
        sys.exit(1)


def park():
    if not WAYLAND:
        xdotool("mousemove", "--sync", *PARK)


def press(label, text, seconds):
    def target():
        for popup in (p for p in popups() if text is None or p["text"] == text):
            found = next((b for b in popup["buttons"] if b["name"] == label), None)
            if found is not None:
                return found
        return None
    found = wait(target, seconds, f"button {label!r} on a popup" + (f" showing {text!r}" if text is not None else ""),
                 lambda: show(popups()))
    click(found)


# --- the history: the notifications view in the system tray --------------------------------

EXPANDER = ("Show hidden icons", "Close popup")
# The notifications view's placeholder for an empty list.
EMPTY = ("No unread notifications", "No notifications")


def frames(app):
    """plasmashell's windows on screen, each with its nodes on screen."""
    for frame in children(app):
        if role(frame) == "frame" and showing(frame):
            yield frame, [n for n in descendants(frame) if showing(n)]


def panel_and_tray(app):
    """The panel's bell (None where the tray hides it), the tray's expander ("Show hidden icons",
    or "Close popup" while the tray's popup is open), and that popup's window while it shows the
    notifications view."""
    bell = expander = tray = None
    for frame, nodes in frames(app):
        buttons = {name(n): n for n in nodes if role(n) == "button"}
        if any(label in buttons for label in EXPANDER):
            label = next(label for label in EXPANDER if label in buttons)
            expander = button(buttons[label])
            if "Notifications" in buttons:
                bell = button(buttons["Notifications"])
        elif any(role(n) == "heading" and name(n) == "Notifications" for n in nodes):
            tray = frame
    return bell, expander, tray


def hidden_bell(app):
    """The bell among the tray's hidden icons, while that list is open."""
    for _, nodes in frames(app):
        buttons = {name(n): n for n in nodes if role(n) == "button"}
        if "Notifications" in buttons and not any(label in buttons for label in EXPANDER):
            return button(buttons["Notifications"])
    return None


def history_entries(tray):
    return [read_notification(n) for n in descendants(tray)
            if role(n) == "filler" and name(n) and showing(n) and any(role(c) == "text" for c in descendants(n))]


def history(seconds, press_label=None, press_text=None, expect=None):
    """Prints the notifications view's entries (with expect, read until one shows that text, or
    the deadline); with press_label, then clicks that button of the entry showing press_text
    (exits 1 when there is none)."""
    expect = press_text if press_label is not None else expect
    def state():
        try:
            app = plasmashell()
            return (app, *panel_and_tray(app)) if app is not None else None
        except Gone:
            return None

    def opened():
        now = state()
        return now if now is not None and now[3] is not None else None

    def describe():
        app = plasmashell()
        if app is None:
            return "no plasmashell"
        return "; ".join(f"{role(n)} {name(n)!r}" for n in descendants(app)
                         if showing(n) and role(n) in ("button", "heading") and name(n))

    now = wait(state, seconds, "plasmashell in the accessibility tree", describe)
    app, bell, expander, tray = now
    if tray is None:
        if bell is not None:
            click(bell)
        else:
            if expander is None:
                say(f"the panel shows neither the notifications bell nor the hidden icons; shown: {describe()}")
                sys.exit(1)
            click(expander)
            bell = wait(lambda: hidden_bell(plasmashell()), seconds, "bell among the hidden icons", describe)
            click(bell)
        app, bell, expander, tray = wait(opened, seconds, "notifications view", describe)
    # Two reads 0.5 s apart agree (the view builds its list as it opens), on entries or on the
    # view's placeholder for an empty list; and, with expect, until an entry shows that text
    # (the list follows the model as it changes).
    last, entries, settled = None, None, None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            entries = history_entries(tray)
            if not entries and not any(role(n) == "heading" and name(n) in EMPTY and showing(n) for n in descendants(tray)):
                entries = None
        except Gone:
            entries = None
        if entries is not None and entries == last:
            settled = entries
            if expect is None or any(e["text"] == expect for e in entries):
                break
        last = entries
        time.sleep(0.5)
    else:
        if settled is None:
            say(f"the notifications view did not settle in {seconds:g} s; last read: {show(entries or [])}; shown: {describe()}")
            sys.exit(1)
        say(f"no entry showing {expect!r} in the notifications view after {seconds:g} s")
        entries = settled
    for entry in entries:
        print(json.dumps(entry, ensure_ascii=False))
    pressed = True
    if press_label is not None:
        found = next((b for e in entries if e["text"] == press_text for b in e["buttons"] if b["name"] == press_label), None)
        if found is None:
            say(f"no entry showing {press_text!r} has a button {press_label!r} in the notifications view")
            pressed = False
        else:
            click(found)
    # Closed again, as a person closes it: the expander, then the pointer away.
    expander = wait(lambda: panel_and_tray(plasmashell())[1], seconds, "tray's expander", describe)
    if expander["name"] == "Close popup":
        click(expander)
    park()
    wait(lambda: (lambda s: s is not None and s[3] is None)(state()), seconds, "closed notifications view", describe)
    if not pressed:
        sys.exit(1)


def dump(node, depth=0):
    e = extents(node)
    print("  " * depth + f"[{role(node)}] {name(node)!r} text={text_of(node)!r} {e['x']},{e['y']} {e['width']}x{e['height']}"
          + (" showing" if showing(node) else ""))
    for child in children(node):
        dump(child, depth + 1)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    command, args = sys.argv[1], sys.argv[2:]
    seconds = DEFAULT_SECONDS
    if command == "popups":
        for p in popups():
            print(json.dumps(p, ensure_ascii=False))
    elif command == "wait-popup" and args:
        hover = "--hover" in args
        args = [a for a in args if a != "--hover"]
        ready = None
        if "--ready" in args:
            at = args.index("--ready")
            ready = args[at + 1]
            del args[at:at + 2]
        wait_popup(args[0], float(args[1]) if len(args) > 1 else seconds, hover, ready)
    elif command == "wait-gone" and args:
        wait_gone(args[0], float(args[1]) if len(args) > 1 else seconds)
    elif command == "press" and args:
        press(args[0], args[1] if len(args) > 1 else None, seconds)
    elif command == "history":
        history(seconds, expect=args[0] if args else None)
    elif command == "history-press" and args:
        history(seconds, args[0], args[1] if len(args) > 1 else None)
    elif command == "park":
        park()
    elif command == "dump":
        app = plasmashell()
        if app is not None:
            dump(app)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
