import Foundation
import TestSupport
import Testing

/// packaging/debian/copyright against what the linker put into the binary
/// (`packaging/check-copyright.py`, which `packaging/build-deb.sh` runs on make build's link map).
@Suite("Copyright file")
struct CopyrightFileTests {
    static let copyright = "\(RepositoryPaths.root)/packaging/debian/copyright"
    static let linkMap = "\(RepositoryPaths.root)/.build/dailyquote.map"

    /// The check on `map` (a linker map's text) and a copyright file: its stderr, or nil when it passes.
    static func check(map: String, copyright: String? = nil) throws -> String? {
        let directory = TemporaryDirectory()
        let mapFile = try directory.write("dailyquote.map", map)
        let copyrightFile = try copyright.map { try directory.write("copyright", $0) } ?? Self.copyright
        let result = try ProcessRunner.python("packaging/check-copyright.py", [mapFile, copyrightFile])
        return result.status == 0 ? nil : result.stderr
    }

    /// A linker map (gold's) that took `inputs`, as its archive-member section lists them.
    static func map(_ inputs: [String]) -> String {
        let user = "/b/.build/x86_64-unknown-linux-gnu/release/DailyQuoteKit.build/A.swift.o (sym)"
        return "Archive member included because of file (symbol)\n\n" + inputs.map { "\($0)\n    \(user)\n" }.joined()
    }

    static let known = [
        "/opt/swift/usr/lib/swift_static/linux/lib_FoundationCShims.a(uuid.c.o)",
        "/opt/swift/usr/lib/swift_static/linux/libswiftCore.a(SmallVector.cpp.o)",
        "/opt/swift/usr/lib/swift_static/linux/libdispatch.a(queue.c.o)",
        "/b/.build/x86_64-unknown-linux-gnu/release/CTOML.build/Sources/Array.cpp.o",
        "/usr/lib/gcc/x86_64-linux-gnu/12/libgcc.a(_divdi3.o)",
    ]

    @Test("Every component of a typical link is named in the copyright file")
    func knownComponents() throws {
        let problems = try Self.check(map: Self.map(Self.known))
        #expect(problems == nil, "\(problems ?? "")")
    }

    @Test("The check fails on a linked archive of no known component, and on a component the file does not name")
    func checkCanFail() throws {
        let unknown = "/opt/swift/usr/lib/swift_static/linux/libswiftNew.a(New.swift.o)"
        let stranger = try #require(try Self.check(map: Self.map(Self.known + [unknown])))
        #expect(stranger.contains(unknown) && stranger.contains("belongs to no component"), "\(stranger)")
        // The copyright file without uuid.c's notice, or without toml++'s UTF-8 decoder's author.
        let text = try String(contentsOfFile: Self.copyright, encoding: .utf8)
        let noUUID = text.replacingOccurrences(of: "Copyright (c) 2004 Apple Computer, Inc.", with: "")
        #expect(try Self.check(map: Self.map(Self.known), copyright: noUUID)?.contains("uuid.c") == true)
        let noDecoder = text.replacingOccurrences(of: "Bjoern Hoehrmann", with: "someone")
        #expect(try Self.check(map: Self.map(Self.known), copyright: noDecoder)?.contains("Bjoern Hoehrmann") == true)
        #expect(try Self.check(map: "not a link map\n")?.contains("names no input") == true)
    }

    @Test(
        "The release binary's link map (make build) names nothing the copyright file leaves out",
        .enabled(if: FileManager.default.fileExists(atPath: linkMap), "only after make build (scripts/test --release, CI)"))
    func releaseLink() throws {
        let problems = try Self.check(map: String(contentsOfFile: Self.linkMap, encoding: .utf8))
        #expect(problems == nil, "\(problems ?? "")")
    }
}
