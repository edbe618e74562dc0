import DailyQuoteKit
import Foundation

/// libFuzzer's entry point for the four parsers that read untrusted bytes.
///
/// The target is chosen by `DQ_FUZZ_TARGET` (config, jsonpointer, acceptance, strfile), so that
/// one build serves all. Rejecting input is fine; crashing, hanging or tripping a sanitizer is the bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch ProcessInfo.processInfo.environment["DQ_FUZZ_TARGET"] ?? "" {
    case "config": FuzzTargets.config(data)
    case "jsonpointer": FuzzTargets.jsonPointer(data)
    case "acceptance": FuzzTargets.acceptance(data)
    case "strfile": FuzzTargets.strfile(data)
    default: fatalError("set DQ_FUZZ_TARGET to config, jsonpointer, acceptance or strfile")
    }
    return 0
}

/// libFuzzer's driver, which parses the command line and calls back for each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The executable's entry point: SwiftPM links `main` to `<module>_main`, so libFuzzer's own
/// `main` is not used, and this hands over to its driver instead.
@_cdecl("dailyquote_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { bytes, size in fuzzOne(bytes, size) }
}

/// One function per fuzz target.
enum FuzzTargets {
    static let parser = ConfigParser(zones: TimeZoneDatabase(environment: [:]), environment: ["KEY": "value"])

    /// The config parser on arbitrary text.
    static func config(_ data: Data) {
        _ = try? parser.parse(String(decoding: data, as: UTF8.self), file: "fuzz.toml")
    }

    /// A JSON pointer (the first line) resolved in a JSON document (the rest).
    static func jsonPointer(_ data: Data) {
        let split = data.firstIndex(of: 10) ?? data.endIndex
        guard let pointer = JSONPointer(String(decoding: data[..<split], as: UTF8.self)) else { return }
        let rest = split < data.endIndex ? data[data.index(after: split)...] : Data()
        guard let document = JSONValue(parsing: Data(rest)) else { return }
        _ = pointer.resolve(in: document)
    }

    /// The acceptance rules, plain and HTML, on a text and an author split at the first NUL.
    static func acceptance(_ data: Data) {
        let split = data.firstIndex(of: 0) ?? data.endIndex
        let author = split < data.endIndex ? String(decoding: data[data.index(after: split)...], as: UTF8.self) : nil
        let text = String(decoding: data[..<split], as: UTF8.self)
        for format in SourceConfig.Format.allCases {
            _ = QuoteAcceptance.accept(text: text, author: author, format: format)
        }
    }

    static let directory: String = {
        let path = NSTemporaryDirectory() + "dailyquote-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A fortune file and its strfile index: the first byte says how long the index is.
    static func strfile(_ data: Data) {
        guard let first = data.first else { return }
        let body = data.dropFirst()
        let indexLength = min(Int(first) * 4, body.count)
        let path = directory + "/fortune"
        FileManager.default.createFile(atPath: path + ".dat", contents: Data(body.prefix(indexLength)))
        FileManager.default.createFile(atPath: path, contents: Data(body.dropFirst(indexLength)))
        let file = FortuneFile(path: path)
        guard let count = try? file.recordCount() else { return }
        for number in [0, 1, count / 2, count - 1, count] where number >= 0 {
            _ = try? file.record(number)
        }
    }
}
