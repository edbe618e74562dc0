import Glibc

/// A character encoding of a fortune file, decoded strictly: UTF-8 by Swift itself, any other
/// encoding through the C library's iconv(3).
///
/// Only encodings that keep ASCII as it is are allowed, since records are found by their `%` lines.
package struct CharacterEncoding: Sendable, Equatable, CustomStringConvertible {
    /// The name as configured (`latin1`, `ISO-8859-3`, `KOI8-R`).
    package var name: String
    /// Whether this is UTF-8, decoded by Swift itself.
    package private(set) var isUTF8: Bool

    /// UTF-8, the default.
    package static let utf8 = CharacterEncoding(name: "UTF-8", isUTF8: true)

    private init(name: String, isUTF8: Bool) {
        self.name = name
        self.isUTF8 = isUTF8
    }

    /// The encoding called `name`, or nil if iconv does not know it or it is not ASCII-compatible.
    package init?(_ name: String) {
        let folded = name.uppercased().filter { $0 != "-" && $0 != "_" }
        // A name with a slash would pass iconv options (`//IGNORE`).
        guard !name.isEmpty, !name.contains("/"), name.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
        self.init(name: name, isUTF8: folded == "UTF8")
        guard !isUTF8 else { return }
        // Every ASCII character must be one byte of the same value, as in the file's `%` lines.
        let ascii = (UInt8(9)...UInt8(126)).filter { $0 != 13 }
        guard case .success(let text) = decode(ascii), text.utf8.elementsEqual(ascii) else { return nil }
    }

    package var description: String { name }

    /// Why bytes could not be decoded: the offset of the first byte that is not valid.
    package struct InvalidBytes: Error, Equatable, CustomStringConvertible {
        package var encoding: String
        package var offset: Int

        package var description: String { "not valid \(encoding) (byte \(offset))" }
    }

    /// `bytes` as text, or where they stop being valid in this encoding.
    package func decode(_ bytes: some Collection<UInt8>) -> Result<String, InvalidBytes> {
        let bytes = Array(bytes)
        if isUTF8 {
            if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
            return .failure(InvalidBytes(encoding: name, offset: Self.firstInvalidUTF8(bytes)))
        }
        return convert(bytes)
    }

    /// The offset of the first byte that does not begin or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }

    /// Converts through iconv(3) to UTF-8; any sequence iconv rejects is an error.
    private func convert(_ input: [UInt8]) -> Result<String, InvalidBytes> {
        guard !input.isEmpty else { return .success("") }
        let descriptor = iconv_open("UTF-8", name)
        guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return .failure(InvalidBytes(encoding: name, offset: 0)) }
        defer { iconv_close(descriptor) }
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        var source = input
        let consumed: Int
        let produced: Int
        let failed: Bool
        (consumed, produced, failed) = source.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // Neither buffer is empty (the input is checked above), so neither address is nil.
                guard let inBase = inBuffer.baseAddress, let outBase = outBuffer.baseAddress else { return (0, 0, true) }
                return inBase.withMemoryRebound(to: CChar.self, capacity: max(inBuffer.count, 1)) { inStart in
                    outBase.withMemoryRebound(to: CChar.self, capacity: outBuffer.count) { outStart in
                        var inPointer: UnsafeMutablePointer<CChar>? = inStart
                        var outPointer: UnsafeMutablePointer<CChar>? = outStart
                        var inLeft = inBuffer.count
                        var outLeft = outBuffer.count
                        var result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                        if result != -1 {
                            // Flush any shift state.
                            result = iconv(descriptor, nil, nil, &outPointer, &outLeft)
                        }
                        return (inBuffer.count - inLeft, outBuffer.count - outLeft, result == -1 || inLeft != 0)
                    }
                }
            }
        }
        guard !failed else { return .failure(InvalidBytes(encoding: name, offset: consumed)) }
        guard let text = String(validating: output[..<produced], as: UTF8.self) else {
            return .failure(InvalidBytes(encoding: name, offset: 0))
        }
        return .success(text)
    }
}
