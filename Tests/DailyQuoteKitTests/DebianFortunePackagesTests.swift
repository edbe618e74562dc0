import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// The Debian fortune packages in other languages, read as docs/sources.md tells users to read them.
///
/// scripts/install-deps installs every one; each file a package ships with a strfile index is read
/// whole, and a fortune source pointed at it gives a quote.
@Suite("Debian fortune packages")
struct DebianFortunePackagesTests {
    /// A package, the encoding its files are written in, and letters (scalars) its language must show.
    struct Package: Sendable, CustomTestStringConvertible {
        var name: String
        var encoding: String
        var letters: String
        /// Records the package itself ships double-encoded (UTF-8 read as Latin-1, then saved as UTF-8).
        var upstreamMojibake = 0

        var testDescription: String { name }
    }

    static let packages: [Package] = [
        Package(name: "fortunes-bg", encoding: "UTF-8", letters: "жщъ"),
        Package(name: "fortunes-br", encoding: "UTF-8", letters: "ãçé"),
        Package(name: "fortunes-cs", encoding: "UTF-8", letters: "řěůč"),
        Package(name: "fortunes-de", encoding: "UTF-8", letters: "äöüß"),
        Package(name: "fortunes-eo", encoding: "UTF-8", letters: "ĉĝŝŭ"),
        // The x-system: ĉ is written cx.
        Package(name: "fortunes-eo-ascii", encoding: "UTF-8", letters: "cxgx"),
        Package(name: "fortunes-eo-iso3", encoding: "ISO-8859-3", letters: "ĉĝŝŭ"),
        Package(name: "fortunes-es", encoding: "UTF-8", letters: "ñ¿¡á"),
        Package(name: "fortunes-ga", encoding: "UTF-8", letters: "áéíóú"),
        // Italian accents are written e' and a' (perche', citta'). Nine records are double-encoded in the
        // package itself (UTF-8 read as Latin-1 and saved again: "Â«Papa'!Â»" in zuse, "giÃ¹" in
        // italia, "PapeÃ±a" in luke, "BrÃ¶nte" in paolotedeschi); they are valid UTF-8, shown as written.
        Package(name: "fortunes-it", encoding: "UTF-8", letters: "'", upstreamMojibake: 9),
        Package(name: "fortunes-pl", encoding: "UTF-8", letters: "ąęłżś"),
        Package(name: "fortunes-ru", encoding: "UTF-8", letters: "ыщъ"),
        Package(name: "fortunes-zh", encoding: "UTF-8", letters: "是不人"),
    ]

    /// The fortune files of `package`: regular files with a strfile index beside them.
    static func files(of package: String) throws -> [String] {
        let result = try ProcessRunner.run("/usr/bin/dpkg", ["-L", package], environment: RepositoryPaths.environment())
        try #require(result.status == 0, "\(package) is not installed (scripts/install-deps installs it): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).filter { path in
            var isDirectory: ObjCBool = false
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return path.hasPrefix("/usr/share/games/fortunes/") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && attributes?[.type] as? FileAttributeType == .typeRegular
                && FileManager.default.fileExists(atPath: path + ".dat") && !path.hasSuffix(".dat") && !path.hasSuffix(".u8")
        }
    }

    /// Whether `text` holds UTF-8 read as Latin-1: Â, Ã, Ð or Ñ followed by a scalar U+0080-U+00BF,
    /// that is the bytes C3 (82|83|90|91) C2.
    static func looksDoubleEncoded(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2) where bytes[index] == 0xC3 && bytes[index + 2] == 0xC2 {
                if [0x82, 0x83, 0x90, 0x91].contains(bytes[index + 1]) { return true }
            }
            return false
        }
    }

    @Test("Every file of each package decodes whole in its encoding, with its language's letters and no U+FFFD", arguments: packages)
    func wholeFiles(package: Package) throws {
        let encoding = try #require(CharacterEncoding(package.encoding))
        let files = try Self.files(of: package.name)
        try #require(!files.isEmpty, "\(package.name) ships no indexed fortune file")
        var seen = Set<Unicode.Scalar>()
        var mojibake = 0
        var count = 0
        for path in files {
            let read = try FortuneFile(path: path, encoding: encoding).quotes()
            #expect(read.undecodable == 0, "\(path): \(read.undecodable) records not valid \(package.encoding)")
            #expect(!read.quotes.isEmpty, "\(path) has no records")
            // One expectation per file: per quote, the checks would cost more than the reading.
            var replaced = 0
            var sequences = 0
            for quote in read.quotes {
                let scalars = (quote.text + quote.author).unicodeScalars
                if scalars.contains("\u{FFFD}") { replaced += 1 }
                if scalars.contains("\u{1B}"), !quote.text.contains("\u{1B} ") { sequences += 1 }
                if Self.looksDoubleEncoded(quote.text + quote.author) { mojibake += 1 }
                seen.formUnion(scalars)
            }
            #expect(replaced == 0, "\(path): \(replaced) quotes with U+FFFD")
            #expect(sequences == 0, "\(path): \(sequences) quotes with a colour sequence left")
            count += read.quotes.count
        }
        #expect(count > 100, "\(package.name): only \(count) quotes")
        for letter in package.letters.unicodeScalars {
            #expect(seen.contains(letter), "\(package.name): no \(letter) in any quote; decoded in the wrong encoding?")
        }
        if package.name.hasSuffix("ascii") {
            #expect(seen.allSatisfy { $0.isASCII })
        }
        #expect(mojibake == package.upstreamMojibake, "\(package.name): \(mojibake) quotes look double-encoded")
    }

    @Test("A fortune source pointed at each file gives an acceptable quote in its language", arguments: packages)
    func fortuneSource(package: Package) throws {
        let encoding = package.encoding == "UTF-8" ? nil : package.encoding
        for path in try Self.files(of: package.name) {
            // Five picks spread over each file: first, last, and three between.
            for pick in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let reader = QuoteSourceReader(pick: { Swift.min(Int(Double($0) * pick), $0 - 1) })
                let source = SourceConfig(kind: .fortune, path: path, encoding: encoding)
                do {
                    let quote = try reader.read(source, deadline: .now + .seconds(10))
                    #expect(!quote.text.isEmpty)
                    #expect(!quote.text.unicodeScalars.contains("\u{FFFD}"), "\(path)")
                } catch {
                    // A record the general rules refuse (a lone control character, over 1,000
                    // characters) is a refusal, never a decoding failure.
                    // So is a file none of whose records fits the default length.
                    if case .noQuotePasses(_, refusedBy: "max_length") = error { continue }
                    guard case .rejected = error else {
                        Issue.record("\(path) at \(pick): \(error)")
                        continue
                    }
                }
            }
        }
    }

    @Test("With filters, a fortune source picks among the records that pass, or says that none does", arguments: packages)
    func filteredSource(package: Package) throws {
        let encoding = package.encoding == "UTF-8" ? nil : package.encoding
        let filters = QuotesConfig(minLength: 10, maxLength: 80)
        for path in try Self.files(of: package.name).prefix(4) {
            let reader = QuoteSourceReader(pick: { $0 / 2 })
            let source = SourceConfig(kind: .fortune, path: path, encoding: encoding)
            let passing = try FortuneFile(path: path, encoding: #require(CharacterEncoding(package.encoding))).quotes().quotes.filter {
                (10...80).contains($0.text.count) && QuoteAcceptance.accept(text: $0.text, author: $0.author) == .success($0)
            }
            do {
                let quote = try reader.read(source, deadline: .now + .seconds(10), filters: filters)
                #expect((10...80).contains(quote.text.count), "\(path): \(quote.text.count) characters")
                #expect(passing.contains(quote))
            } catch {
                #expect(passing.isEmpty, "\(path): \(error)")
                guard case .noQuotePasses(let why, _) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                #expect(why.hasPrefix("no quote of "), "\(why)")
            }
        }
    }

    @Test("The ISO-8859-3 file read as UTF-8 is a clear error naming the record and the key, and equals the UTF-8 package when declared")
    func latin3() throws {
        let iso = "/usr/share/games/fortunes/eo-iso3/proverbaro"
        let reader = QuoteSourceReader(pick: { _ in 3 })  // "Aĝo maljuna ne estas oportuna"
        #expect(
            throws: FetchError.unreadable(
                "record 4 of \(iso) is not valid UTF-8 (byte 1); if the file is written in another encoding, name it with encoding = \"...\" in its [[source]]"
            )
        ) {
            try reader.read(SourceConfig(kind: .fortune, path: iso), deadline: .now + .seconds(10))
        }
        let latin3 = try #require(CharacterEncoding("ISO-8859-3"))
        let declared = try FortuneFile(path: iso, encoding: latin3).quotes()
        let utf8 = try FortuneFile(path: "/usr/share/games/fortunes/eo/proverbaro").quotes()
        #expect(declared.quotes == utf8.quotes)
        #expect(declared.undecodable == 0)
    }
}
