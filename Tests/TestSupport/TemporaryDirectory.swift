import Foundation

/// A fresh directory under the system temp directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() {
        let template = NSTemporaryDirectory() + "dailyquote-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            fatalError("mkdtemp failed for \(template)")  // Test infrastructure only.
        }
        path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/relative`.
    public func url(_ relative: String) -> String { "\(path)/\(relative)" }

    /// Writes `text` to `relative`, creating parent directories, and returns the full path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    /// Every file and directory below the directory, relative paths, sorted.
    public func contents() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }
}
