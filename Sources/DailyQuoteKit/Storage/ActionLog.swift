import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `actions.jsonl` in the state directory: the buttons pressed on held notifications, one line
/// each.
///
/// The holder appends a line when it answers a button; `history` and `status` join them to the
/// history entries by the notification's id and posting time, as for ``ClosedLog``.
package struct ActionLog: Sendable {
    /// One button pressed.
    package struct Record: Sendable, Codable, Equatable {
        package var id: UInt32
        package var postedAt: Int64
        package var action: NotificationAction
        /// When it was pressed (Unix seconds).
        package var at: Int64

        package init(id: UInt32, postedAt: Int64, action: NotificationAction, at: Int64) {
            self.id = id
            self.postedAt = postedAt
            self.action = action
            self.at = at
        }
    }

    /// ``AppPaths/actionLog``.
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

    /// The actions of each notification, by its join key (``ClosedLog/key(id:postedAt:)``), in
    /// the order they were pressed; lines that do not parse are skipped.
    package func actions() -> [String: [NotificationAction]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var result: [String: [NotificationAction]] = [:]
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            result[ClosedLog.key(id: record.id, postedAt: record.postedAt), default: []].append(record.action)
        }
        return result
    }

    /// `entries` with the actions pressed on each.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        let pressed = actions()
        guard !pressed.isEmpty else { return entries }
        return entries.map { entry in
            guard let id = entry.notificationId, let actions = pressed[ClosedLog.key(id: id, postedAt: entry.postedAt)] else {
                return entry
            }
            var annotated = entry
            annotated.actions = actions
            return annotated
        }
    }
}
