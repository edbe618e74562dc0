// Test only (scripts/gnome48): reads GNOME Shell's message tray back over D-Bus.
//
// Owns org.dailyquote.TestTray on the session bus, object /org/dailyquote/TestTray:
//   List() -> s       JSON {"sources": [...], "events": [...]}: each source's title and app id
//                     with its notifications (title, body, urgency, resident, transient), and
//                     the log of events since the extension was enabled. `shownTitle` and
//                     `shownBody` are the text the shell's labels show, derived as
//                     messageList.js does: newlines become spaces, Util.fixMarkup (body markup
//                     as the notification allows, none for the title), then Pango's parse.
//   Dismiss() -> u    destroys every notification as a person's dismissal would (reason 2),
//                     and returns how many there were
//   Press(s) -> s     presses the first button with that label as a click does
//                     (`action.activate()`); returns "pressed" or "no such button"
//   Clipboard() -> s  the text of the compositor's clipboard selection (St.Clipboard), as a
//                     pasting application would get it
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Pango from 'gi://Pango';
import St from 'gi://St';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as MessageTray from 'resource:///org/gnome/shell/ui/messageTray.js';
import * as Util from 'resource:///org/gnome/shell/misc/util.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

const IFACE = `<node>
  <interface name="org.dailyquote.TestTray">
    <method name="List"><arg type="s" direction="out" name="json"/></method>
    <method name="Dismiss"><arg type="u" direction="out" name="count"/></method>
    <method name="Clipboard"><arg type="s" direction="out" name="text"/></method>
    <method name="Press"><arg type="s" direction="in" name="label"/><arg type="s" direction="out" name="result"/></method>
  </interface>
</node>`;

// A source destroyed without a reason (its sender left the bus) emits 0.
// The plain text a label shows for `text` (ui/messageList.js: title and body setters).
function shown(text, allowMarkup) {
    if (!text)
        return '';
    const markup = Util.fixMarkup(text.replace(/\n/g, ' '), allowMarkup);
    try {
        const [, , plain] = Pango.parse_markup(markup, -1, '');
        return plain;
    } catch (e) {
        return `(unparsable markup: ${e.message})`;
    }
}

const REASONS = Object.fromEntries([[0, 'none'],
    ...Object.entries(MessageTray.NotificationDestroyedReason).map(([name, value]) => [value, name.toLowerCase()])]);

export default class TestTrayExtension extends Extension {
    enable() {
        this._events = [];
        this._tracked = new Set();
        this._trayIds = [
            Main.messageTray.connect('source-added', (_tray, source) => this._track(source)),
            Main.messageTray.connect('source-removed', (_tray, source) =>
                this._log('source-removed', source, null, null)),
        ];
        for (const source of Main.messageTray.getSources())
            this._track(source);
        this._dbus = Gio.DBusExportedObject.wrapJSObject(IFACE, this);
        this._dbus.export(Gio.DBus.session, '/org/dailyquote/TestTray');
        this._nameId = Gio.bus_own_name_on_connection(Gio.DBus.session, 'org.dailyquote.TestTray',
            Gio.BusNameOwnerFlags.NONE, null, null);
    }

    disable() {
        Gio.bus_unown_name(this._nameId);
        this._dbus.unexport();
        for (const id of this._trayIds)
            Main.messageTray.disconnect(id);
        this._events = null;
    }

    _appId(source) {
        return source.app?.get_id?.() ?? null;
    }

    _log(event, source, notification, reason) {
        if (!this._events)
            return;
        this._events.push({
            t: GLib.get_real_time() / 1e6,
            event,
            source: source?.title ?? null,
            appId: source ? this._appId(source) : null,
            title: notification?.title ?? null,
            body: notification?.body ?? null,
            reason: reason === null ? null : REASONS[reason] ?? `${reason}`,
        });
    }

    _track(source) {
        if (this._tracked.has(source))
            return;
        this._tracked.add(source);
        this._log('source-added', source, null, null);
        const watch = notification => {
            this._log('notification-added', source, notification, null);
            // Title and body are gone once the notification is disposed: keep them now.
            const {title, body} = notification;
            notification.connect('destroy', (_n, reason) =>
                this._log('notification-destroyed', source, {title, body}, reason));
        };
        source.connect('notification-added', (_s, notification) => watch(notification));
        source.connect('destroy', (_s, reason) => {
            this._tracked.delete(source);
            this._log('source-destroyed', source, null, reason ?? null);
        });
        for (const notification of source.notifications)
            watch(notification);
    }

    List() {
        const sources = Main.messageTray.getSources().map(source => ({
            title: source.title ?? null,
            appId: this._appId(source),
            notifications: source.notifications.map(n => ({
                title: n.title ?? null,
                body: n.body ?? null,
                shownTitle: shown(n.title, false),
                shownBody: shown(n.body, n.useBodyMarkup),
                useBodyMarkup: n.useBodyMarkup,
                urgency: n.urgency,
                resident: n.resident,
                buttons: (n.actions ?? []).map(a => a.label),
                transient: n.isTransient,
                acknowledged: n.acknowledged,
            })),
        }));
        return JSON.stringify({sources, events: this._events});
    }

    ClipboardAsync(_parameters, invocation) {
        St.Clipboard.get_default().get_text(St.ClipboardType.CLIPBOARD,
            (_clipboard, text) => invocation.return_value(new GLib.Variant('(s)', [text ?? ''])));
    }

    Press(label) {
        for (const source of Main.messageTray.getSources()) {
            for (const notification of [...source.notifications]) {
                const action = (notification.actions ?? []).find(a => a.label === label);
                if (action) {
                    action.activate();
                    return 'pressed';
                }
            }
        }
        return 'no such button';
    }

    Dismiss() {
        let count = 0;
        for (const source of Main.messageTray.getSources()) {
            for (const notification of [...source.notifications]) {
                notification.destroy(MessageTray.NotificationDestroyedReason.DISMISSED);
                count++;
            }
        }
        return count;
    }
}
