import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("NotificationAction")
struct NotificationActionTests {
    let parser = ConfigParser(zones: Zones.database)
    let file = "/home/ada/.config/dailyquote/config.toml"

    @Test("Identifiers on the bus and labels are exactly the issue's")
    func identifiersAndLabels() {
        #expect(NotificationAction.allCases.map(\.identifier) == ["copy", "save", "another"])
        #expect(NotificationAction.allCases.map { $0.label(.english) } == ["Copy", "Save", "Another quote"])
    }

    @Test("Labels come from the translator; a message it lacks stays English")
    func translatedLabels() {
        let tr = Translator(languages: ["de"], lookup: .table(["Copy": "Kopieren", "Save": "Speichern"]))
        #expect(NotificationAction.allCases.map { $0.label(tr) } == ["Kopieren", "Speichern", "Another quote"])
    }

    @Test("notification.actions: default copy and save; a list; [] for none; repeats count once")
    func parsing() throws {
        #expect(try parser.parse("", file: file).notification.actions == [.copy, .save])
        #expect(try parser.parse("[notification]\ntitle = \"Q\"\n", file: file).notification.actions == [.copy, .save])
        #expect(try parser.parse("[notification]\nactions = []\n", file: file).notification.actions == [])
        #expect(
            try parser.parse("[notification]\nactions = [\"another\", \"copy\", \"another\"]\n", file: file).notification.actions == [
                .another, .copy,
            ])
    }

    @Test(
        "An unknown action or a wrong type is a config error naming file, line and key, with a hint where one is close",
        arguments: [
            (
                "[notification]\ntitle = \"Q\"\nactions = [\"copy\", \"sav\"]\n",
                "; use copy, save, another, or [] for none; did you mean \"save\"?"
            ),
            ("[notification]\ntitle = \"Q\"\nactions = [\"Copy\"]\n", "did you mean \"copy\"?"),
            ("[notification]\ntitle = \"Q\"\nactions = [\"print\"]\n", "unknown action \"print\""),
            ("[notification]\ntitle = \"Q\"\nactions = \"copy\"\n", "expected a list of actions"),
            ("[notification]\ntitle = \"Q\"\nactions = [1]\n", "expected a list of actions"),
        ])
    func unknownAction(text: String, detail: String) {
        do {
            _ = try parser.parse(text, file: file)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.file == file)
            #expect(error.line == 3)
            #expect(error.key == "notification.actions")
            #expect(error.detail.contains(detail), "\(error.detail)")
            #expect(error.kind == .config)
        }
    }

    @Test("A holder is needed for persistence, or for buttons on a server that shows actions")
    func needsHolder() {
        func server(_ capabilities: [String]) -> NotificationServerInfo {
            NotificationServerInfo(name: "s", vendor: "v", version: "1", specVersion: "1.2", capabilities: capabilities)
        }
        #expect(HoldStage.needsHolder(server(["body", "actions"]), offering: [.save]))
        #expect(!HoldStage.needsHolder(server(["body", "actions"]), offering: []))
        #expect(!HoldStage.needsHolder(server(["body"]), offering: [.save, .copy]))
        #expect(HoldStage.needsHolder(server(["persistence"]), offering: []))
    }
}
