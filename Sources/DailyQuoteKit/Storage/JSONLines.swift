import FoundationEssentials

/// A JSON-lines file (one JSON object a line) read whole: the history, the favourites, the
/// event logs.
package enum JSONLines {
    /// One non-empty line: its number (from 1), its bytes, and its value if it decodes.
    package struct Line<Value> {
        package var number: Int
        package var bytes: Data
        package var value: Value?
    }

    /// Every non-empty line of `path`, decoded as `Value` where it can be; none when the file
    /// cannot be read.
    package static func read<Value: Decodable>(_ type: Value.Type, at path: String) -> [Line<Value>] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap { index, bytes in
            guard !bytes.isEmpty else { return nil }
            return Line(number: index + 1, bytes: Data(bytes), value: try? decoder.decode(type, from: Data(bytes)))
        }
    }
}
