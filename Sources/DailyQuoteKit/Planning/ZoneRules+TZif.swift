import FoundationEssentials

extension ZoneRules {
    /// Parses a compiled tz database file (TZif, RFC 8536), preferring its 64-bit data.
    package init(tzif data: Data, identifier: String) throws {
        let bytes = [UInt8](data)
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        guard first.version >= 2 else {
            let block = try reader.dataBlock(first, timeSize: 4)
            self.init(identifier: identifier, block: block, footer: nil)
            return
        }
        try reader.skip(first.dataLength(timeSize: 4))
        let second = try reader.header()
        let block = try reader.dataBlock(second, timeSize: 8)
        var footer: PosixTimeZoneRule?
        if reader.remaining > 1, reader.byte(at: reader.offset) == 0x0A,
            let close = bytes[(reader.offset + 1)...].firstIndex(of: 0x0A)
        {
            let text = String(decoding: bytes[(reader.offset + 1)..<close], as: UTF8.self)
            if !text.isEmpty {
                guard let rule = PosixTimeZoneRule(parsing: text) else {
                    throw TZifFormatError(reason: "unreadable footer rule \"\(text)\"")
                }
                footer = rule
            }
        }
        self.init(identifier: identifier, block: block, footer: footer)
    }

    private init(identifier: String, block: TZifReader.Block, footer: PosixTimeZoneRule?) {
        self.init(
            identifier: identifier, transitionTimes: block.times, transitionTypes: block.typeIndices,
            types: block.types, footer: footer)
    }
}

/// A bounds-checked reader for the TZif layout.
private struct TZifReader {
    struct Header {
        var version: Int
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

        func dataLength(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    struct Block {
        var times: [Int64]
        var typeIndices: [Int]
        var types: [LocalTimeType]
    }

    let bytes: [UInt8]
    var offset = 0

    var remaining: Int { bytes.count - offset }

    func byte(at index: Int) -> UInt8 { bytes[index] }

    mutating func skip(_ count: Int) throws {
        guard count <= remaining else { throw TZifFormatError(reason: "truncated data") }
        offset += count
    }

    mutating func integer(size: Int) throws -> Int64 {
        guard size <= remaining else { throw TZifFormatError(reason: "truncated data") }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        offset += size
        // Sign-extend from `size` bytes.
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    mutating func header() throws -> Header {
        guard remaining >= 44, bytes[offset..<(offset + 4)].elementsEqual("TZif".utf8) else {
            throw TZifFormatError(reason: "missing TZif magic")
        }
        let versionByte = bytes[offset + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 48
        offset += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = try integer(size: 4)
            guard count >= 0, count < 1_000_000 else { throw TZifFormatError(reason: "implausible count \(count)") }
            counts.append(Int(count))
        }
        let header = Header(
            version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2], timecnt: counts[3],
            typecnt: counts[4], charcnt: counts[5])
        guard header.typecnt > 0 else { throw TZifFormatError(reason: "no local time types") }
        return header
    }

    mutating func dataBlock(_ header: Header, timeSize: Int) throws -> Block {
        guard header.dataLength(timeSize: timeSize) <= remaining else { throw TZifFormatError(reason: "truncated data") }
        var times: [Int64] = []
        for _ in 0..<header.timecnt { times.append(try integer(size: timeSize)) }
        var indices: [Int] = []
        for _ in 0..<header.timecnt {
            let index = Int(try integer(size: 1)) & 0xFF
            guard index < header.typecnt else { throw TZifFormatError(reason: "type index out of range") }
            indices.append(index)
        }
        var raw: [(offset: Int64, dst: Bool, nameIndex: Int)] = []
        for _ in 0..<header.typecnt {
            let utoff = try integer(size: 4)
            let dst = try integer(size: 1) != 0
            let nameIndex = Int(try integer(size: 1)) & 0xFF
            raw.append((utoff, dst, nameIndex))
        }
        let names = Array(bytes[offset..<(offset + header.charcnt)])
        offset += header.charcnt
        let types = raw.map { entry -> LocalTimeType in
            let start = min(entry.nameIndex, names.count)
            let end = names[start...].firstIndex(of: 0) ?? names.count
            return LocalTimeType(
                utcOffset: entry.offset, isDaylightSaving: entry.dst,
                abbreviation: String(decoding: names[start..<end], as: UTF8.self))
        }
        try skip(header.leapcnt * (timeSize + 4) + header.isstdcnt + header.isutcnt)
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw TZifFormatError(reason: "transitions out of order")
        }
        return Block(times: times, typeIndices: indices, types: types)
    }
}
