import DailyQuoteSystem
import FoundationEssentials

/// The header of a strfile(1) `.dat` index: big-endian version, record count, longest and
/// shortest record, flags, and the delimiter, followed by one 32-bit offset per record plus one.
package struct StrfileIndex: Sendable, Equatable {
    package var version: UInt32
    package var count: UInt32
    package var longest: UInt32
    package var shortest: UInt32
    package var flags: UInt32
    package var delimiter: UInt8

    /// STR_ROTATED: the text file is rot13-encoded.
    package var isRotated: Bool { flags & 0x4 != 0 }

    static let headerSize = 24

    /// Why an index could not be used.
    package struct FormatError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// Parses the 24-byte header.
    package init(header bytes: [UInt8]) throws(FormatError) {
        guard bytes.count >= Self.headerSize else { throw FormatError(description: "the index is shorter than its header") }
        func word(_ at: Int) -> UInt32 {
            bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        }
        version = word(0)
        count = word(4)
        longest = word(8)
        shortest = word(12)
        flags = word(16)
        delimiter = bytes[20]
        guard version >= 1, version <= 2 else { throw FormatError(description: "unknown strfile version \(version)") }
        guard count < 50_000_000 else { throw FormatError(description: "implausible record count \(count)") }
    }

    /// The byte range of record `index` in the text file, read from `file` (the `.dat` file).
    func recordRange(_ index: Int, in file: ReadOnlyFile) throws(FormatError) -> Range<UInt64> {
        guard index >= 0, index < Int(count) else { throw FormatError(description: "record \(index) is out of range") }
        do {
            let bytes = try file.read(at: UInt64(Self.headerSize + 4 * index), count: 8)
            guard bytes.count == 8 else { throw FormatError(description: "the index is truncated") }
            let start = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let end = bytes[4..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard start <= end else { throw FormatError(description: "the index has offsets out of order") }
            return start..<end
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(description: "cannot read the index: \(error.message)")
        }
    }
}
