import Logging
import Synchronization

/// A logger whose lines the test can read: each message as `LEVEL: MESSAGE`, every level kept.
public final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Every line logged so far, in order.
    public var all: [String] { lines.withLock { $0 } }

    /// A logger (label "test", level trace) that adds its lines to ``all``.
    public var logger: Logger {
        Logger(label: "test") { _ in Handler(sink: self) }
    }

    private struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { sink.lines.withLock { $0.append("\(event.level): \(event.message)") } }
    }
}
