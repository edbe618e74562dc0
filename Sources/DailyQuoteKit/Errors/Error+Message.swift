import FoundationEssentials
import Glibc
import SystemPackage

extension Error {
    /// One short line saying what went wrong, for messages and logs.
    ///
    /// It replaces Foundation's `localizedDescription` (which would link all of Foundation) and
    /// says more: the system's reason and the file for file errors, the decoder's reason for
    /// JSON.
    package var message: String {
        if let localized = self as? LocalizedError, let description = localized.errorDescription { return description }
        if let posix = self as? POSIXError { return Errno(rawValue: posix.code.rawValue).description }
        if let cocoa = self as? CocoaError {
            let path = cocoa.userInfo["NSFilePath"] as? String
            let reason = (cocoa.userInfo["NSUnderlyingError"] as? POSIXError).map { Errno(rawValue: $0.code.rawValue).description }
            return [path, reason ?? "file error \(cocoa.code.rawValue)"].compactMap { $0 }.joined(separator: ": ")
        }
        if let decoding = self as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                return Self.located(context)
            case .keyNotFound(let key, let context):
                return Self.located(context, "no \(key.stringValue)")
            @unknown default:
                return String(describing: decoding)
            }
        }
        return String(describing: self)
    }

    /// A decoding context's reason, after the path it happened at.
    private static func located(_ context: DecodingError.Context, _ reason: String? = nil) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        let text = reason ?? context.debugDescription
        return path.isEmpty ? text : "\(path): \(text)"
    }
}
