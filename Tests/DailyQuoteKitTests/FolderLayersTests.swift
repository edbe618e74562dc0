import Foundation
import TestSupport
import Testing

/// `scripts/folder-layers`, the check that the library's folders are layers: on the library itself,
/// and on small trees that break the rule, so that the check is seen to fail.
@Suite("Folder layers")
struct FolderLayersTests {
    static func check(_ library: String? = nil) throws -> ProcessResult {
        try ProcessRunner.python("scripts/folder-layers", library.map { [$0] } ?? [])
    }

    /// A library tree of `files` (path → source) in a temporary directory.
    static func tree(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        for (path, source) in files { try directory.write(path, source) }
        return directory
    }

    @Test("Each folder of Sources/DailyQuoteKit uses only the layers below it")
    func libraryIsLayered() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("each using only the layers below it; 7 inner folders alike\n"), "\(result.stdout)")
    }

    @Test("A folder naming a type of a folder above it fails, with the name and the file")
    func upwardUseFails() throws {
        let directory = try Self.tree([
            "Text/Failure.swift": "struct Failure { var call: SystemCall }\n",
            "Logging/SystemCall.swift": "/// Uses Failure below it.\nstruct SystemCall { var failure: Failure? }\n",
        ])
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(result.stdout == "Text uses Logging, a layer above it: SystemCall (Text/Failure.swift)\n")
    }

    @Test("Names in comments and string literals, and names defined twice, are not uses")
    func commentsAndClashesAreNotUses() throws {
        let directory = try Self.tree([
            "Text/Failure.swift": "// SystemCall\nstruct Failure { let text = \"SystemCall\"; var key: Key }\n",
            "Logging/SystemCall.swift": "struct SystemCall {\n    struct Key {}\n}\n",
            "Wiring/Key.swift": "enum Key {}\n",
        ])
        let result = try Self.check(directory.path)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test("A folder that is not in the list of layers fails")
    func unknownFolderFails() throws {
        let directory = try Self.tree(["Support/Helper.swift": "struct Helper {}\n"])
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("folder not in scripts/folder-layers' layers: Support"))
    }

    @Test("Delivery's subfolders are layers too: an upward use, a file outside them and an unknown subfolder fail")
    func deliveryInnerLayers() throws {
        let directory = try Self.tree([
            "Delivery/Values/DesktopNotification.swift": "struct DesktopNotification { var stage: DeliveryStage? }\n",
            "Delivery/Stage/DeliveryStage.swift": "struct DeliveryStage { var note: DesktopNotification }\n",
            "Delivery/Loose.swift": "struct Loose {}\n",
            "Delivery/Extras/Extra.swift": "struct Extra {}\n",
        ])
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init).sorted() == [
                "Delivery/Values uses Delivery/Stage, a layer above it: DeliveryStage (Delivery/Values/DesktopNotification.swift)",
                "Delivery: files outside its layers: Loose.swift",
                "folder not in scripts/folder-layers' layers: Delivery/Extras",
            ])
    }

    @Test(
        "The layer picture is drawn from the same lists, Delivery's subfolders inside it, and docs/ARCHITECTURE.md shows it word for word")
    func picture() throws {
        let result = try ProcessRunner.python("scripts/folder-layers", ["--picture"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("  Wiring ") == true && lines.last?.hasPrefix("  Errors ") == true, "\(result.stdout)")
        #expect(lines.contains { $0.contains("the target DailyQuoteSystem") }, "\(result.stdout)")
        let delivery = try #require(lines.firstIndex { $0.hasPrefix("  Delivery ") })
        #expect(lines[delivery + 1].hasPrefix("    Stage ") && lines[delivery + 7].hasPrefix("    Values "), "\(result.stdout)")
        let architecture = try String(contentsOfFile: RepositoryPaths.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        #expect(architecture.contains(result.stdout), "docs/ARCHITECTURE.md's layer picture is not scripts/folder-layers --picture")
    }
}
