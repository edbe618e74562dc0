// Test only (Tests/TestSupport/Harness/with-notification-server.sh, GNOME Shell 43): reads GNOME Shell's
// message tray and presses a notification's button as a click does, over D-Bus.
//
// Owns org.dailyquote.TestTray on the session bus, object /org/dailyquote/TestTray:
//   Dump(s path)            writes JSON {"sources": [{"title", "appId", "notifications":
//                           [{"title", "body", "buttons": [labels]}]}]} to `path`
//   Press(s label) -> s     presses the first button labelled `label` as the banner's button
//                           does (its callback, then the notification goes unless resident);
//                           returns "pressed" or "no such button"
/* exported init */
const {Gio, GLib} = imports.gi;
const Main = imports.ui.main;
const MessageTray = imports.ui.messageTray;

const IFACE = `<node>
  <interface name="org.dailyquote.TestTray">
    <method name="Dump"><arg type="s" direction="in" name="path"/></method>
    <method name="Press"><arg type="s" direction="in" name="label"/><arg type="s" direction="out" name="result"/></method>
  </interface>
</node>`;

class TestTray {
    enable() {
        this._dbus = Gio.DBusExportedObject.wrapJSObject(IFACE, this);
        this._dbus.export(Gio.DBus.session, '/org/dailyquote/TestTray');
        this._nameId = Gio.bus_own_name_on_connection(Gio.DBus.session, 'org.dailyquote.TestTray',
            Gio.BusNameOwnerFlags.NONE, null, null);
    }

    disable() {
        Gio.bus_unown_name(this._nameId);
        this._dbus.unexport();
    }

    Dump(path) {
        const sources = Main.messageTray.getSources().map(source => ({
            title: source.title ?? null,
            appId: source.app?.get_id?.() ?? null,
            notifications: source.notifications.map(n => ({
                title: n.title ?? null,
                body: n.bannerBodyText ?? null,
                buttons: (n.actions ?? []).map(a => a.label),
            })),
        }));
        GLib.file_set_contents(path, JSON.stringify({sources}));
    }

    Press(label) {
        for (const source of Main.messageTray.getSources()) {
            for (const notification of [...source.notifications]) {
                const action = (notification.actions ?? []).find(a => a.label === label);
                if (!action)
                    continue;
                action.callback();
                if (!notification.resident)
                    notification.destroy(MessageTray.NotificationDestroyedReason.DISMISSED);
                return 'pressed';
            }
        }
        return 'no such button';
    }
}

function init() {
    return new TestTray();
}
