import Foundation
import SystemPackage
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite("SystemCall")
struct SystemCallTests {
    /// A connected pair of close-on-exec sockets (a pipe would leak its ends into the children
    /// that other tests start meanwhile, and its end would not come).
    func pair() throws -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SystemError.last("socketpair")
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    @Test("Readiness: an empty socket is not readable, one at its end is; a wait with a limit returns")
    func readable() throws {
        let (readEnd, writeEnd) = try pair()
        defer { try? readEnd.close() }
        let started = ContinuousClock.now
        #expect(SystemCall.readable([readEnd, nil], milliseconds: 50) == [false, false])
        #expect(ContinuousClock.now - started >= .milliseconds(50))
        #expect(!SystemCall.isReadable(readEnd))
        try writeEnd.close()
        #expect(SystemCall.isReadable(readEnd))
        #expect(SystemCall.milliseconds(0.0001) == 1)
        #expect(SystemCall.milliseconds(1e12) == Int32.max)
    }

    @Test("An event counter is readable from the first add until drained; a timer once it fires")
    func counterAndTimer() throws {
        let counter = try EventCounter()
        #expect(!counter.isRaised)
        #expect(!counter.drain())
        counter.add()
        counter.add()
        #expect(counter.isRaised)
        #expect(counter.drain())
        #expect(!counter.isRaised)

        let timer = try TimerDescriptor(clock: .boottime)
        try timer.arm(seconds: 0, nanoseconds: 20_000_000)
        #expect(SystemCall.readable([timer.descriptor], milliseconds: 5000) == [true])
        #expect(timer.read() == .fired)
    }
}
