import DailyQuoteSystem
import FoundationEssentials

/// One thing that happened to a posted notification, found again by its id and posting time.
package protocol NotificationEvent: Codable, Sendable {
    /// The notification's id on the server.
    var id: UInt32 { get }
    /// When it was posted (Unix seconds): with `id`, the history entry it belongs to.
    var postedAt: Int64 { get }
}

/// A JSON-lines file of ``NotificationEvent``s, appended by the holder and the delivery stage
/// and joined to the history by ``key(id:postedAt:)``: `closed.jsonl`, `actions.jsonl`.
package struct NotificationEventLog<Event: NotificationEvent>: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// Appends `event` (one write with O_APPEND, so concurrent writers never interleave a line).
    package func append(_ event: Event) throws {
        var line = try JSONEncoder.dailyquote().encode(event)
        line.append(UInt8(ascii: "\n"))
        do {
            try SystemCall.append(line, to: path, durable: false)
        } catch {
            throw CommandFailure(error.message, kind: .cannotWrite)
        }
    }

    /// The events of each notification, by ``key(id:postedAt:)``, in the order they were
    /// written; lines that do not parse are skipped.
    package func eventsByNotification() -> [String: [Event]] {
        Dictionary(grouping: JSONLines.read(Event.self, at: path).compactMap(\.value)) { Self.key(id: $0.id, postedAt: $0.postedAt) }
    }

    /// `entries` with `annotate` applied to each that has events in the log.
    package func annotate(_ entries: [HistoryEntry], _ annotate: (inout HistoryEntry, [Event]) -> Void) -> [HistoryEntry] {
        let events = eventsByNotification()
        guard !events.isEmpty else { return entries }
        return entries.map { entry in
            guard let id = entry.eventId, let found = events[Self.key(id: id, postedAt: entry.postedAt)] else { return entry }
            var annotated = entry
            annotate(&annotated, found)
            return annotated
        }
    }

    /// The join key of a notification.
    package static func key(id: UInt32, postedAt: Int64) -> String { "\(id)@\(postedAt)" }
}
