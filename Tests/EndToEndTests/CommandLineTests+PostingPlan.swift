import Foundation
import TestSupport
import Testing

/// The posting plan: what `status` predicts is what `notify` records, in every combination of
/// the server's capabilities (python3-dbusmock's notification server), GNOME's interface owned
/// or not (a dbusmock impostor of `org.gtk.Notifications`, which answers `InvalidApp` without
/// the desktop entry, as GNOME Shell does), the desktop entry, the buttons and `notification.hold`.
extension CommandLineTests {
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
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: capabilities, harness: "posting-plan-cases.sh")
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
        let report = try NotificationSession(sandbox: sandbox).run("no-gnome-call.sh")
        #expect(report.files["rc"] == "0\n", "\(report.files["err"] ?? "")")
        #expect(report.calls.count == 1, "\(report.output)")
        #expect(report.files["adds"] == "0\n", "\(report.files["gnome.txt"] ?? "")")
        let history = try JSONSerialization.jsonObject(with: Data((report.files["dq-history.json"] ?? "").utf8)) as? [[String: Any]]
        #expect(history?.last?["path"] as? String == "holder", "\(report.files["dq-history.json"] ?? "")")
    }
}
