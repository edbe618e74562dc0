import Foundation
import TestSupport
import Testing

/// The posting plan: what `status` predicts is what `notify` records, in every combination of
/// the server's capabilities (python3-dbusmock's notification server), GNOME's interface owned
/// or not (a dbusmock impostor of `org.gtk.Notifications`, which answers `InvalidApp` without
/// the desktop entry, as GNOME Shell does), the desktop entry, the buttons and `notification.hold`.
extension CommandLineTests {
    /// The desktop entry GNOME Shell (and `status`) look for, under `$HOME/.local/share`.
    static let desktopEntry = "$HOME/.local/share/applications/io.github.dailyquote.DailyQuote.desktop"

    /// Starts the GNOME impostor: `AddNotification` accepts where the desktop entry exists, and
    /// answers GNOME 48's `InvalidApp` where it does not.
    static let gnomeImpostor = """
        start_gnome() {
          /usr/bin/python3 -m dbusmock --session org.gtk.Notifications /org/gtk/Notifications org.gtk.Notifications \
            >"$W/gnome-mock.log" 2>&1 &
          for _ in $(seq 200); do
            gdbus call --session -d org.gtk.Notifications -o /org/gtk/Notifications -m org.freedesktop.DBus.Introspectable.Introspect \
              >/dev/null 2>&1 && break
            sleep 0.05
          done
          gdbus call --session -d org.gtk.Notifications -o /org/gtk/Notifications -m org.freedesktop.DBus.Mock.AddMethod \
            org.gtk.Notifications AddNotification 'ssa{sv}' '' \
            "import os, dbus
        if not os.path.exists(os.environ['HOME'] + '/.local/share/applications/io.github.dailyquote.DailyQuote.desktop'):
            raise dbus.exceptions.DBusException('The app by ID could not be found', name='org.gtk.Notifications.Error.InvalidApp')" \
            >/dev/null
        }
        """

    @Test(
        "status predicts the path notify then records, in every combination of capabilities, GNOME's name, the desktop entry, the buttons and hold",
        arguments: ["body", "body actions", "body persistence", "body actions persistence"])
    func statusAgreesWithNotify(capabilities: String) throws {
        let sandbox = Sandbox()
        // A desktop that is not GNOME's by name: notify asks the server and the bus ahead.
        sandbox.extraEnvironment["XDG_CURRENT_DESKTOP"] = "test"
        let configs = [
            "plain": "", "nobuttons": "[notification]\nactions = []\n", "nohold": "[notification]\nhold = \"0\"\n",
            "nobuttons-nohold": "[notification]\nactions = []\nhold = \"0\"\n",
        ]
        for (name, text) in configs { _ = try sandbox.config(text, name: "\(name).toml") }
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: capabilities,
            """
            \(Self.gnomeImpostor)
            export XDG_DATA_DIRS="$W/no-data"
            stdbuf -oL dbus-monitor --session "type='method_call',interface='org.gtk.Notifications'" >"$W/gnome-calls.txt" 2>/dev/null &
            for _ in $(seq 100); do grep -q NameLost "$W/gnome-calls.txt" && break; sleep 0.05; done
            n=0
            for gnome in no yes; do
              if [ "$gnome" = yes ]; then
                grep -c 'member=AddNotification' "$W/gnome-calls.txt" >"$W/adds-without-gnome"
                start_gnome
              fi
              for entry in no yes; do
                if [ "$entry" = yes ]; then
                  mkdir -p "$(dirname "\(Self.desktopEntry)")"
                  printf '[Desktop Entry]\\nName=dailyquote\\n' >"\(Self.desktopEntry)"
                else
                  rm -f "\(Self.desktopEntry)"
                fi
                for config in plain nobuttons nohold nobuttons-nohold; do
                  n=$((n + 1))
                  case="gnome=$gnome entry=$entry config=$config"
                  predicted=$("$DQ" status --json --config "$HOME/etc/$config.toml" 2>>"$W/err" |
                    python3 -c 'import json, sys; print(json.load(sys.stdin)["posting"]["path"])')
                  "$DQ" notify --now --config "$HOME/etc/$config.toml" >>"$W/out" 2>>"$W/err"
                  recorded=$("$DQ" history --json 2>>"$W/err" |
                    python3 -c 'import json, sys; h = json.load(sys.stdin); print(h[-1].get("path") if len(h) == '"$n"' else "missing")')
                  echo "$case predicted=$predicted recorded=$recorded" >>"$W/cases"
                done
              done
            done
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let cases = file("cases").split(separator: "\n").map(String.init)
        #expect(cases.count == 16, "\(file("cases")) \(file("err"))")
        for line in cases {
            let fields = Dictionary(
                uniqueKeysWithValues: line.split(separator: " ").compactMap { field -> (String, String)? in
                    let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                })
            #expect(fields["predicted"] == fields["recorded"], "\(capabilities): \(line) \(file("err"))")
            // The path itself, by the plan's rule.
            let buttons = fields["config"] == "plain" || fields["config"] == "nohold"
            let hold = fields["config"] == "plain" || fields["config"] == "nobuttons"
            let keeps = capabilities.contains("persistence") || (capabilities.contains("actions") && buttons)
            let expected =
                fields["gnome"] == "yes" && fields["entry"] == "yes" ? "gnome" : hold && keeps ? "holder" : "freedesktop"
            #expect(fields["recorded"] == expected, "\(capabilities): \(line)")
        }
        // Nobody owned GNOME's interface: notify never asked it (the server's and the bus's answers came first).
        #expect(file("adds-without-gnome") == "0\n", "\(file("gnome-calls.txt"))")
    }

    @Test("On dunst with the default buttons, notify --now sends no AddNotification to the unowned GNOME name; its holder posts")
    func noGnomeCallOnDunst() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["XDG_CURRENT_DESKTOP"] = "i3"
        let report = try NotificationSession(sandbox: sandbox).run(
            """
            stdbuf -oL dbus-monitor --session "type='method_call',interface='org.gtk.Notifications'" >"$W/gnome.txt" 2>/dev/null &
            gnome=$!
            for _ in $(seq 100); do grep -q NameLost "$W/gnome.txt" && break; sleep 0.05; done
            "$DQ" notify --now >"$W/out" 2>"$W/err"; echo $? >"$W/rc"
            "$DQ" history --json >"$W/dq-history.json"
            sleep 0.3
            kill $gnome
            grep -c member=AddNotification "$W/gnome.txt" >"$W/adds"
            """)
        #expect(report.files["rc"] == "0\n", "\(report.files["err"] ?? "")")
        #expect(report.calls.count == 1, "\(report.output)")
        #expect(report.files["adds"] == "0\n", "\(report.files["gnome.txt"] ?? "")")
        let history = try JSONSerialization.jsonObject(with: Data((report.files["dq-history.json"] ?? "").utf8)) as? [[String: Any]]
        #expect(history?.last?["path"] as? String == "holder", "\(report.files["dq-history.json"] ?? "")")
    }
}
