import Foundation
import Logging
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("LocalQuoteChooser")
struct LocalQuoteChooserTests {
    let bundled = QuoteCollection((1...5).map { Quote(text: "Bundled quote number \($0).", author: "B\($0)") })
    let long = String(repeating: "Ein sehr langer Satz. ", count: 60)

    /// A fortune file of `records` (each with an author line), indexed by the real strfile(1).
    func fortuneFile(_ records: [String], in dir: TemporaryDirectory) throws -> String {
        let path = try dir.write("zitate", records.map { "\($0)\n\t\t-- Autor\n%\n" }.joined())
        let result = try ProcessRunner.run("/usr/bin/env", ["strfile", path, path + ".dat"], environment: RepositoryPaths.environment())
        try #require(result.status == 0, "strfile failed: \(result.stderr)")
        return path
    }

    /// A picker that answers `answers` in turn (then the last one again), and counts its calls.
    final class Answers: Sendable {
        private let state: Mutex<(answers: [Int], calls: Int)>
        init(_ answers: [Int]) { state = Mutex((answers, 0)) }
        var calls: Int { state.withLock { $0.calls } }
        func next(_ count: Int) -> Int {
            state.withLock { state in
                state.calls += 1
                return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
            }
        }
    }

    @Test("A local source comes before the bundled collection; an unreadable one is passed over")
    func localFirst() throws {
        let dir = TemporaryDirectory()
        let path = try fortuneFile(["Ein kurzes Zitat."], in: dir)
        let missing = LocalQuoteSource(kind: .fortune, path: dir.url("missing"))
        let chooser = LocalQuoteChooser(sources: [missing, LocalQuoteSource(kind: .fortune, path: path)], bundled: bundled)
        let choice = try #require(chooser.choose(lastPosted: [:], before: 0) { _ in 0 })
        #expect(choice == .init(quote: Quote(text: "Ein kurzes Zitat.", author: "Autor"), source: "fortune"))
        let none = LocalQuoteChooser(sources: [missing], bundled: bundled)
        #expect(none.choose(lastPosted: [:], before: 0) { _ in 0 }?.source == "bundled")
    }

    @Test("The bundled collection is not asked for while a local source gives a quote")
    func bundledOnlyWhenNeeded() throws {
        let dir = TemporaryDirectory()
        let path = try fortuneFile(["Ein kurzes Zitat."], in: dir)
        let chooser = LocalQuoteChooser(sources: [LocalQuoteSource(kind: .fortune, path: path)], bundled: unread())
        #expect(chooser.choose(lastPosted: [:], before: 0) { _ in 0 }?.source == "fortune")
        let choice = QuoteChoice.choose(
            for: .delivery(day: CivilDate(year: 2026, month: 11, day: 26)), cache: .absent, lastPostedAt: nil, history: [],
            now: 1_795_660_000, bundled: unread(), local: [LocalQuoteSource(kind: .fortune, path: path)])
        #expect(choice?.source == "fortune")
    }

    /// The bundled collection, recording an issue when it is asked for.
    func unread() -> QuoteCollection {
        Issue.record("the bundled collection was asked for")
        return bundled
    }

    @Test("A record over the length limit is replaced by another pick")
    func tooLongReplaced() throws {
        let dir = TemporaryDirectory()
        let path = try fortuneFile([long, "Kurz und gut."], in: dir)
        let answers = Answers([0, 1])
        let quote = try LocalQuoteChooser.quote(
            from: LocalQuoteSource(kind: .fortune, path: path), filters: QuotesConfig(), isFresh: { _ in true }, pick: answers.next,
            logger: Logger(label: "test"))
        #expect(quote.text == "Kurz und gut.")
        #expect(answers.calls == 2)
    }

    @Test("The picks in a source are bounded: a source whose every pick is refused fails with the last reason, then the next serves")
    func boundedTries() throws {
        let dir = TemporaryDirectory()
        let path = try fortuneFile(Array(repeating: long, count: 20), in: dir)
        let source = LocalQuoteSource(kind: .fortune, path: path)
        let answers = Answers([5])
        #expect(throws: FetchError.rejected(.tooLong(long.trimmingCharacters(in: .whitespaces).count))) {
            try LocalQuoteChooser.quote(
                from: source, filters: QuotesConfig(), isFresh: { _ in true }, pick: answers.next, logger: Logger(label: "test"))
        }
        #expect(answers.calls == LocalQuoteChooser.maximumTries)
        let chooser = LocalQuoteChooser(sources: [source], bundled: bundled)
        #expect(chooser.choose(lastPosted: [:], before: 0) { _ in 0 }?.source == "bundled")
    }

    @Test("A quote posted within the year is replaced by another pick, locally and in the bundled collection")
    func repeatsReplaced() throws {
        let dir = TemporaryDirectory()
        let path = try fortuneFile(["Erstes Zitat.", "Zweites Zitat."], in: dir)
        // Posted after `before` (a year ago): not fresh.
        let posted = ["erstes zitat.": Int64(1500), "bundled quote number 1.": 1500]
        let answers = Answers([0, 1])
        let chooser = LocalQuoteChooser(sources: [LocalQuoteSource(kind: .fortune, path: path)], bundled: bundled)
        #expect(chooser.choose(lastPosted: posted, before: 1000, pick: answers.next)?.quote.text == "Zweites Zitat.")
        let bundledOnly = LocalQuoteChooser(sources: [], bundled: bundled)
        #expect(bundledOnly.choose(lastPosted: posted, before: 1000, pick: Answers([0, 2]).next)?.quote.text == "Bundled quote number 4.")
        // Every bundled quote posted: the least recent, never one at .max (the one shown now).
        let all = Dictionary(uniqueKeysWithValues: bundled.all.enumerated().map { ($1.normalisedText, $0 == 2 ? Int64(1010) : 1900) })
        #expect(bundledOnly.choose(lastPosted: all, before: 1000) { _ in 0 }?.quote.text == "Bundled quote number 3.")
        let shownNow = Dictionary(uniqueKeysWithValues: bundled.all.map { ($0.normalisedText, Int64.max) })
        #expect(bundledOnly.choose(lastPosted: shownNow, before: 1000) { _ in 0 } == nil)
    }

    @Test("Filters: a local record they refuse is replaced; strict filters still find the one record they allow")
    func filters() throws {
        let dir = TemporaryDirectory()
        let records = (1...39).map { "Zitat \($0)." } + ["Das einzige lange Zitat hier."]
        let path = try fortuneFile(records, in: dir)
        let source = LocalQuoteSource(kind: .fortune, path: path)
        // Every pick lands on record 0, which is too short: every record is then read.
        let answers = Answers([0])
        let quote = try LocalQuoteChooser.quote(
            from: source, filters: QuotesConfig(minLength: 20), isFresh: { _ in true }, pick: answers.next, logger: Logger(label: "test"))
        #expect(quote.text == "Das einzige lange Zitat hier.")
        #expect(answers.calls == LocalQuoteChooser.maximumTries + 1)
    }

    @Test("A quote file source is read as a local source too")
    func quoteFile() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes.txt", "\(long) -- Lang\nKurz. -- Jemand\n")
        let answers = Answers([0, 1])
        let chooser = LocalQuoteChooser(sources: [LocalQuoteSource(kind: .file, path: path)], bundled: bundled)
        #expect(
            chooser.choose(lastPosted: [:], before: 0, pick: answers.next)
                == .init(quote: Quote(text: "Kurz.", author: "Jemand"), source: "file"))
    }

    @Test("Picks in a source never repeat a record: a file of one good record among eleven refused ones always gives it")
    func distinctPicks() throws {
        var picks = LocalQuoteChooser.DistinctPicks(count: 4)
        #expect((0..<5).map { _ in picks.next { _ in 0 } } == [0, 1, 2, 3, nil])
        var last = LocalQuoteChooser.DistinctPicks(count: 4)
        #expect((0..<5).map { _ in last.next { $0 - 1 } } == [3, 2, 1, 0, nil])
        let dir = TemporaryDirectory()
        let path = try fortuneFile(Array(repeating: long, count: 11) + ["Das eine kurze Zitat."], in: dir)
        for _ in 0..<20 {
            let quote = try LocalQuoteChooser.quote(
                from: LocalQuoteSource(kind: .fortune, path: path), filters: QuotesConfig(), isFresh: { _ in true },
                pick: { Int.random(in: 0..<$0) }, logger: Logger(label: "test"))
            #expect(quote.text == "Das eine kurze Zitat.")
        }
    }

    @Test("Seeded picks repeat for the same day and differ across days")
    func seededPicks() {
        let day = CivilDate(year: 2026, month: 6, day: 1)
        var first = SeededPicks(day: day)
        var again = SeededPicks(day: day)
        let a = (0..<10).map { _ in first.next(below: 1000) }
        #expect(a == (0..<10).map { _ in again.next(below: 1000) })
        #expect(Set(a).count > 5)
        var next = SeededPicks(day: CivilDate(daysSinceEpoch: day.daysSinceEpoch + 1))
        #expect(a != (0..<10).map { _ in next.next(below: 1000) })
    }
}
