import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `closed.jsonl` in the state directory: how held notifications ended, one line each.
///
/// The holder appends a line when the server closes its notification; the next delivery
/// appends one when it replaces the held one. `history` joins them to the history entries by
/// the notification's id and posting time.
package struct ClosedLog: Sendable {
    /// One notification's end.
    package struct Record: Sendable, Codable, Equatable {
        package var id: UInt32
        package var postedAt: Int64
        package var reason: NotificationCloseReason?
        /// When it ended (Unix seconds).
        package var at: Int64

        package init(id: UInt32, postedAt: Int64, reason: NotificationCloseReason?, at: Int64) {
            self.id = id
            self.postedAt = postedAt
            self.reason = reason
            self.at = at
        }
    }

    /// ``AppPaths/closedLog``.
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// Appends `record` (one write with O_APPEND, so concurrent writers never interleave a line).
    package func append(_ record: Record) throws {
        var line = try JSONEncoder.dailyquote().encode(record)
        line.append(UInt8(ascii: "\n"))
        do {
            try SystemCall.append(line, to: path, durable: false)
        } catch {
            throw CommandFailure(error.message, kind: .cannotWrite)
        }
    }

    /// Every record, by notification id and posting time; the first end of each wins.
    package func records() -> [String: Record] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var result: [String: Record] = [:]
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            let key = Self.key(id: record.id, postedAt: record.postedAt)
            if result[key] == nil { result[key] = record }
        }
        return result
    }

    /// `entries` with how each notification ended, where a record says so.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        let ends = records()
        guard !ends.isEmpty else { return entries }
        return entries.map { entry in
            guard let id = entry.notificationId, let end = ends[Self.key(id: id, postedAt: entry.postedAt)] else { return entry }
            var annotated = entry
            annotated.closedReason = end.reason
            annotated.closedAt = end.at
            return annotated
        }
    }

    /// The join key of a notification.
    package static func key(id: UInt32, postedAt: Int64) -> String { "\(id)@\(postedAt)" }
}
