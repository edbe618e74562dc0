// Saves a screenshot of a headless GNOME Shell to ARGV[0] (an absolute path):
//   gjs gnome_screenshot.js FILE.png
// org.gnome.Shell.Screenshot answers only callers that own an allow-listed name, so this
// owns org.gnome.Screenshot on the session bus first. Exit status 0 when the shell saved it.
const {Gio, GLib} = imports.gi;

const path = ARGV[0];
const loop = new GLib.MainLoop(null, false);
let status = 1;
Gio.bus_own_name(Gio.BusType.SESSION, 'org.gnome.Screenshot', Gio.BusNameOwnerFlags.NONE, null,
    connection => {
        connection.call('org.gnome.Shell.Screenshot', '/org/gnome/Shell/Screenshot', 'org.gnome.Shell.Screenshot',
            'Screenshot', new GLib.Variant('(bbs)', [false, false, path]), null, Gio.DBusCallFlags.NONE, 10000, null,
            (c, result) => {
                try {
                    const [ok] = c.call_finish(result).deep_unpack();
                    status = ok ? 0 : 1;
                } catch (e) {
                    printerr(`screenshot: ${e.message}`);
                }
                loop.quit();
            });
    },
    () => {
        printerr('screenshot: cannot own org.gnome.Screenshot');
        loop.quit();
    });
loop.run();
imports.system.exit(status);
