import Logging
import SystemPackage

/// A swift-log handler that writes one line per message to standard error.
///
/// Under systemd (`JOURNAL_STREAM` set) each line starts with its syslog priority (`<3>`),
/// which journald strips and keeps as the entry's level.
package struct StderrLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    /// Whether to prefix lines with `<N>` syslog priorities.
    package var journalPrefix: Bool
    /// Where lines go; standard error unless a test passes something else.
    private let sink: @Sendable (String) -> Void

    package init(
        level: Logger.Level, journalPrefix: Bool,
        sink: @escaping @Sendable (String) -> Void = StderrLogHandler.writeToStandardError
    ) {
        self.logLevel = level
        self.journalPrefix = journalPrefix
        self.sink = sink
    }

    /// Writes `text` to file descriptor 2, whole (short writes are continued).
    package static func writeToStandardError(_ text: String) {
        // Nowhere left to report a failed log write.
        _ = try? FileDescriptor.standardError.writeAll(text.utf8)
    }

    /// A logger for the `dailyquote` process, configured from the environment and verbosity.
    package static func logger(verbosity: Int, environment: [String: String]) -> Logger {
        let level: Logger.Level = verbosity >= 2 ? .debug : verbosity == 1 ? .info : .notice
        let journal = !(environment["JOURNAL_STREAM"] ?? "").isEmpty
        return Logger(label: "dailyquote") { _ in StderrLogHandler(level: level, journalPrefix: journal) }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        sink(Self.format(event: event, handlerMetadata: metadata, journalPrefix: journalPrefix))
    }

    /// One log line, newline-terminated: `[<N>]dailyquote: [level: ]message[ key=value...]`.
    static func format(event: LogEvent, handlerMetadata: Logger.Metadata, journalPrefix: Bool) -> String {
        var line = journalPrefix ? "<\(syslogPriority(event.level))>" : ""
        line += "dailyquote: "
        switch event.level {
        case .trace, .debug: line += "debug: "
        case .info, .notice: break
        case .warning: line += "warning: "
        case .error, .critical: line += "error: "
        }
        line += "\(event.message)".replacing("\n", with: " ")
        let merged = handlerMetadata.merging(event.metadata ?? [:]) { $1 }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        return line + "\n"
    }

    /// The syslog(3) priority of a swift-log level.
    static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
