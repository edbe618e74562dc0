import Foundation
import TestSupport
import Testing

/// `scripts/system-boundary`, the check that only System/ calls C on bare descriptors and pids:
/// on the sources themselves, and on small trees that break the rule, so that it is seen to fail.
@Suite("System boundary")
struct SystemBoundaryTests {
    static func check(_ sources: String? = nil) throws -> ProcessResult {
        try ProcessRunner.python("scripts/system-boundary", sources.map { [$0] } ?? [])
    }

    @Test("Nothing outside System/ closes, reads, writes, polls, waits for or signals a bare descriptor or pid")
    func sourcesKeepTheBoundary() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("C's calls outside System/ fail, with file and line; inside System/ they pass")
    func bareCallsFail() throws {
        let directory = TemporaryDirectory()
        try directory.write("DailyQuoteKit/Delivery/Poster.swift", "func post(fd: Int32) {\n    _ = close(fd)\n    kill(pid, SIGTERM)\n}\n")
        try directory.write("DailyQuoteKit/System/Descriptor.swift", "func end(fd: Int32) { _ = close(fd) }\n")
        try directory.write("dailyquote/Hold.swift", "let n = write(1, bytes, count)\n")
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init).sorted() == [
                "DailyQuoteKit/Delivery/Poster.swift:2: close( outside System/: use the system layer's types",
                "DailyQuoteKit/Delivery/Poster.swift:3: kill( outside System/: use the system layer's types",
                "dailyquote/Hold.swift:1: write( outside System/: use the system layer's types",
            ])
    }

    @Test("Methods, labeled calls, a file's own functions, comments and strings are not C's calls")
    func lookalikesPass() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "DailyQuoteKit/Storage/Store.swift",
            """
            struct Store {
                func write(_ lines: [String]) {}
                func save() { write([]); marker.kill(); try? file.close(); read(at: "x") }
                // close(fd) in a comment
                let text = "kill(pid, 9)"
            }

            """)
        let result = try Self.check(directory.path)
        #expect(result.status == 0, "\(result.stdout)")
    }
}
