import FoundationEssentials

/// Why a TZif file could not be read.
public struct TZifFormatError: Error, Equatable, LocalizedError {
    public var reason: String
    public var errorDescription: String? { "not a valid TZif file: \(reason)" }
}
