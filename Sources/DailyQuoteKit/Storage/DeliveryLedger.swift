import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The delivery stage's memory in `$XDG_STATE_HOME/dailyquote/`: `state.json` (written
/// atomically), `history.jsonl` (one line per posted notification), and `lock`.
///
/// `state.json` is a summary of the history, so it is never a dead end: a corrupt one is moved
/// aside and rebuilt from the history, and a missing one is rebuilt the same way.
package struct DeliveryLedger: Sendable {
    /// Where its files are.
    package var paths: AppPaths
    /// Where warnings about corrupt files go.
    package var logger: Logger?

    package var statePath: String { paths.ledgerState }
    package var historyPath: String { paths.history }
    package var lockPath: String { paths.ledgerLock }

    /// The history for the no-repeat rule: each entry's quote, `postedAt`, `plannedAt`, `now`
    /// and `another` only (``HistoryQuotes``), read far faster than ``history()``.
    package func quoteHistory() -> [HistoryEntry] { HistoryQuotes.read(at: historyPath) }

    /// The normalised texts of the quotes posted in the year before `now`.
    ///
    /// The fetch stage must not bring them again. `notify --now` previews do not count: their
    /// quote is still to be delivered.
    package func recentQuotes(now: Int64) -> Set<String> {
        Set(quoteHistory().filter { !$0.isPreview && $0.postedAt > now - 365 * 86_400 }.map(\.quote.normalisedText))
    }

    /// Why the ledger could not be written.
    ///
    /// The process exits 73 (EX_CANTCREAT).
    package struct LedgerError: Error, Equatable, LocalizedError {
        package var message: String
        package var errorDescription: String? { message }
    }

    /// The current state, read without changing anything.
    ///
    /// A missing or corrupt `state.json` gives the state rebuilt from the history.
    package func state() -> LedgerState {
        switch readState() {
        case .valid(let state): state
        case .absent, .corrupt: Self.rebuilt(from: history(warn: false))
        }
    }

    /// The current state for a delivery, which may write (call it under the lock): a corrupt
    /// `state.json` is moved aside to `state.json.corrupt`, rebuilt from the history and written
    /// anew, with one warning; a missing one is rebuilt and written, without one.
    ///
    /// Writing it keeps the history, which grows a line a day, from being decoded on every run.
    package func repairedState() throws(LedgerError) -> LedgerState {
        switch readState() {
        case .valid(let state):
            return state
        case .absent:
            guard FileManager.default.fileExists(atPath: historyPath) else { return LedgerState() }
            let state = Self.rebuilt(from: history(warn: false))
            try writeState(state)
            return state
        case .corrupt(let why):
            let state = Self.rebuilt(from: history())
            try? PathAccess.move(statePath, to: AppPaths.setAside(statePath))
            try writeState(state)
            logger?.warning(
                "\(statePath) was corrupt (\(why)); moved aside to \(PathName.lastComponent(of: AppPaths.setAside(statePath))) and rebuilt from the history"
            )
            return state
        }
    }

    private func writeState(_ state: LedgerState) throws(LedgerError) {
        do {
            try AtomicFile.write(try JSONEncoder.dailyquote().encode(state), to: statePath)
        } catch {
            throw LedgerError(message: "cannot write \(statePath): \(error.message)")
        }
    }

    private func readState() -> JSONFile<LedgerState> { JSONFile(at: statePath) }

    /// The state the history implies: the latest planned delivery posted, and when.
    ///
    /// Previews (`notify --now`) are left out, as they are when the state is written: counted,
    /// a preview would make a fresh cached quote look older than the last delivery.
    static func rebuilt(from history: [HistoryEntry]) -> LedgerState {
        let delivered = history.filter(\.isDelivery)
        let planned = delivered.max { ($0.plannedAt ?? .min) < ($1.plannedAt ?? .min) }
        // Lines written before slots existed have no slot fields; the state then counts as slot 1.
        return LedgerState(
            lastPlannedAt: planned?.plannedAt, lastPlannedDay: planned?.plannedDay, lastPostedAt: delivered.map(\.postedAt).max(),
            lastPlannedSlot: planned?.slot, lastPlannedSlotOfDay: planned?.slotOfDay)
    }

    /// Every history entry, oldest first.
    ///
    /// Lines that do not parse are skipped, each with a warning that gives its line number.
    package func history() -> [HistoryEntry] { history(warn: true) }

    private func history(warn: Bool) -> [HistoryEntry] {
        JSONLines.read(HistoryEntry.self, at: historyPath).compactMap { line in
            guard var entry = line.value else {
                if warn { logger?.warning("\(historyPath):\(line.number): not a history entry; skipped") }
                return nil
            }
            if entry.isPreview { entry.now = true }
            return entry
        }
    }

    /// Records a posted notification: the history line first (appended and fsynced), then the
    /// state.
    ///
    /// A crash between the two leaves a history line without state, which the next run
    /// rebuilds the state from; never a state without its history.
    package func record(_ entry: HistoryEntry, state: LedgerState) throws(LedgerError) {
        try appendHistory(entry)
        do {
            try AtomicFile.write(try JSONEncoder.dailyquote().encode(state), to: statePath)
        } catch {
            throw LedgerError(message: "cannot record the delivery in \(paths.stateDirectory): \(error.message)")
        }
    }

    /// Appends one history line, alone, for a post that keeps the state (`notify --now`, an
    /// Another quote); fsynced unless not `durable`.
    ///
    /// A preview's line need not survive a power cut (no delivery rests on it), so `notify
    /// --now` skips the fsync: it is the one wait on the disk between the post and the exit.
    package func appendHistory(_ entry: HistoryEntry, durable: Bool = true) throws(LedgerError) {
        guard var line = try? JSONEncoder.dailyquote().encode(entry) else { throw LedgerError(message: "cannot encode the history entry") }
        line.append(UInt8(ascii: "\n"))
        try append(line, to: historyPath, durable: durable)
    }

    /// Appends `data` with O_APPEND and fsyncs it when `durable` (EINTR and short writes handled by ``SystemCall``).
    private func append(_ data: Data, to path: String, durable: Bool = true) throws(LedgerError) {
        do {
            try SystemCall.append(data, to: path, durable: durable)
        } catch {
            throw LedgerError(message: error.message)
        }
    }
}

extension DeliveryLedger.LedgerError: UserFacingError {
    package var kind: ErrorKind { .cannotWrite }
}
