import FoundationEssentials

/// Why a TZif file could not be read.
package struct TZifFormatError: Error, Equatable, LocalizedError {
    package var reason: String
    package var errorDescription: String? { "not a valid TZif file: \(reason)" }
}
