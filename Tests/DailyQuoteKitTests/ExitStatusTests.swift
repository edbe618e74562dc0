import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

/// The one table from error kinds to exit statuses.
@Suite("Exit status table")
struct ExitStatusTests {
    @Test("Each kind has its own status, sysexits(3) where one fits")
    func distinctStatuses() {
        let codes = ErrorKind.allCases.map(ExitStatus.code(for:))
        #expect(Set(codes).count == codes.count)
        #expect(ExitStatus.code(for: .config) == 78)
        #expect(ExitStatus.code(for: .usage) == 64)
        #expect(ExitStatus.code(for: .temporary) == 75)
    }

    @Test("The permanent statuses are the kinds no retry fixes, ascending")
    func permanent() {
        let expected = ErrorKind.allCases.filter { !$0.isTransient }.map(ExitStatus.code(for:)).sorted()
        #expect(ExitStatus.permanent == expected)
        #expect(!ExitStatus.permanent.contains(ExitStatus.code(for: .temporary)))
        #expect(ExitStatus.permanent.contains(78))
    }
}
