import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("UnreadableFile")
struct UnreadableFileTests {
    @Test("One reason per kind of path: missing, a dangling link, a directory; none for a readable file")
    func reasons() throws {
        let directory = TemporaryDirectory()
        let file = try directory.write("quotes.txt", "A quote. -- Me\n")
        let link = directory.url("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.url("gone"))
        #expect(UnreadableFile.reason(directory.url("missing")) == "does not exist")
        #expect(UnreadableFile.reason(link) == "is a symbolic link to \(directory.url("gone")), which does not exist")
        #expect(UnreadableFile.reason(directory.path) == "is a directory, not a file")
        #expect(UnreadableFile.reason(file) == nil)
        #expect(UnreadableFile.message(directory.path) == "\(directory.path) is a directory, not a file")
        #expect(UnreadableFile.message(file, failure: "Input/output error") == "cannot read \(file): Input/output error")
    }

    @Test("A quote file and a fortune file that are directories fail with the words config check warns with")
    func readersSayTheSame() throws {
        let directory = TemporaryDirectory()
        let warning = "\(directory.path) is a directory, not a file"
        #expect(throws: QuoteFile.ReadError(description: warning)) { try QuoteFile(path: directory.path) }
        var config = Config()
        config.sources = [SourceConfig(kind: .fortune, path: directory.path)]
        #expect(config.sourceWarnings().first?.contains(warning) == true)
    }
}
