import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("FileLock")
struct FileLockTests {
    @Test("A held lock makes a second taker give up after its timeout; releasing frees it")
    func exclusive() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("state/lock")
        var first: FileLock? = try FileLock(path: path, until: .after(seconds: 1))
        #expect(throws: FileLock.LockError.timedOut(path: path)) { try FileLock(path: path, until: .now + .milliseconds(50)) }
        withExtendedLifetime(first) {}
        first = nil
        _ = try FileLock(path: path, until: .now + .milliseconds(50))
    }
}
