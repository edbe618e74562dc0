import Foundation
import TestSupport
import Testing

/// `scripts/inline-scripts`, the check that no apostrophe ends a harness's `bash -c '…'` script
/// early: on the repository's scripts, and on small scripts that break the rule.
@Suite("Inline scripts")
struct InlineScriptsTests {
    static func check(_ files: [String] = []) throws -> ProcessResult {
        try ProcessRunner.python("scripts/inline-scripts", files)
    }

    @Test("No bench, script or test harness has an apostrophe inside an inline bash -c script")
    func repositoryScriptsPass() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("A comment's apostrophe inside the script fails with file and line; one outside it passes")
    func apostropheFails() throws {
        let directory = TemporaryDirectory()
        let broken = try directory.write(
            "broken.sh",
            "#!/bin/bash\n# the outer script's comment\nrun bash -c '\n  echo one\n  # the child's count\n  echo two\n' >&2\n")
        let result = try Self.check([broken])
        #expect(result.status == 1)
        #expect(
            result.stdout == "\(broken):5: an apostrophe inside an inline bash -c script ends it early: # the child's count\n")
    }

    @Test("A script never closed by a line starting with its quote fails")
    func unclosedFails() throws {
        let directory = TemporaryDirectory()
        let open = try directory.write("open.sh", "#!/bin/bash\nrun bash -c '\n  echo one\n  echo two'\n")
        let result = try Self.check([open])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(open):4:"))
    }
}
