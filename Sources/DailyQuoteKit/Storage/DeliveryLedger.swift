import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The delivery stage's memory in `$XDG_STATE_HOME/dailyquote/`: `state.json` (written
/// atomically), `history.jsonl` (one line per posted notification), and `lock`.
public struct DeliveryLedger: Sendable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public var statePath: String { "\(directory)/state.json" }
    public var historyPath: String { "\(directory)/history.jsonl" }
    public var lockPath: String { "\(directory)/lock" }

    /// Why the ledger could not be read or written.
    public struct LedgerError: Error, Equatable, LocalizedError {
        public var message: String
        public var errorDescription: String? { message }
    }

    /// The current state; an absent file is the empty state.
    public func state() throws(LedgerError) -> LedgerState {
        guard let data = FileManager.default.contents(atPath: statePath) else { return LedgerState() }
        do {
            return try JSONDecoder().decode(LedgerState.self, from: data)
        } catch {
            throw LedgerError(message: "\(statePath) is corrupt (\(error.message)); remove it with `dailyquote clear --state`")
        }
    }

    /// Every history entry, oldest first.
    ///
    /// Lines that do not parse (a torn last line) are skipped.
    public func history() -> [HistoryEntry] {
        guard let data = FileManager.default.contents(atPath: historyPath) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(HistoryEntry.self, from: Data($0)) }
    }

    /// Records a posted notification: the history line first (appended and fsynced), then the
    /// state.
    ///
    /// A crash between the two leaves a history line without state, which at worst
    /// re-posts that delivery once; never a state without its history.
    public func record(_ entry: HistoryEntry, state: LedgerState) throws(LedgerError) {
        try appendHistory(entry)
        do {
            try AtomicFile.write(try JSONEncoder.dailyquote().encode(state), to: statePath)
        } catch {
            throw LedgerError(message: "cannot record the delivery in \(directory): \(error.message)")
        }
    }

    /// Appends one history line (fsynced); alone, for a post that keeps the state (`notify --now`).
    public func appendHistory(_ entry: HistoryEntry) throws(LedgerError) {
        guard var line = try? JSONEncoder.dailyquote().encode(entry) else { throw LedgerError(message: "cannot encode the history entry") }
        line.append(UInt8(ascii: "\n"))
        try append(line, to: historyPath)
    }

    /// Appends `data` with O_APPEND and fsyncs it.
    private func append(_ data: Data, to path: String) throws(LedgerError) {
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LedgerError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            throw LedgerError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
