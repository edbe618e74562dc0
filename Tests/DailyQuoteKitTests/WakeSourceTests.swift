import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

@Suite("WakeSource", .serialized)
struct WakeSourceTests {
    /// Runs `wait(until:)` on a thread and returns its reason after `action` has run.
    func wake(_ source: WakeSource, until instant: Int64, after action: () throws -> Void) throws -> WakeReason? {
        let result = Mutex<WakeReason?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let reason = source.wait(until: instant)
            result.withLock { $0 = reason }
            done.signal()
        }.start()
        usleep(100_000)
        try action()
        _ = done.wait(timeout: .now() + 5)
        return result.withLock { $0 }
    }

    var far: Int64 { Int64(Date().timeIntervalSince1970) + 3600 }

    @Test("A past instant is due at once; a near one after it passes")
    func due() throws {
        let directory = TemporaryDirectory()
        let source = try WakeSource(configFile: directory.url("config.toml"), zoneFiles: [])
        #expect(source.wait(until: 1_000) == .due)
        let soon = Int64(Date().timeIntervalSince1970) + 1
        #expect(source.wait(until: soon) == .due)
        #expect(Int64(Date().timeIntervalSince1970) >= soon)
    }

    @Test("Replacing the config by rename wakes it; other files in the directory do not")
    func config() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("config.toml", "a")
        let source = try WakeSource(configFile: path, zoneFiles: [])
        let reason = try wake(source, until: far) {
            _ = try directory.write("unrelated.txt", "x")
            usleep(50_000)
            _ = try directory.write("config.toml.new", "b")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: directory.url("config.toml.new"), toPath: path)
        }
        #expect(reason == .configChanged)
    }

    @Test("A changed zone file wakes it")
    func zone() throws {
        let directory = TemporaryDirectory()
        let zone = try directory.write("etc/localtime", "TZif")
        let source = try WakeSource(configFile: directory.url("config.toml"), zoneFiles: [zone])
        let reason = try wake(source, until: far) {
            try FileManager.default.removeItem(atPath: zone)
            try FileManager.default.createSymbolicLink(atPath: zone, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        }
        #expect(reason == .zoneChanged)
    }

    @Test("A stop request wakes a sleeping wait, and every later one")
    func stop() throws {
        let source = try WakeSource(configFile: TemporaryDirectory().url("c.toml"), zoneFiles: [])
        #expect(try wake(source, until: far) { source.requestStop() } == .stopRequested)
        #expect(source.wait(until: far) == .stopRequested)
    }

    @Test("Setting the clock (to the time it already is) wakes it", .enabled(if: getuid() == 0, "needs CAP_SYS_TIME"))
    func clock() throws {
        let source = try WakeSource(configFile: TemporaryDirectory().url("c.toml"), zoneFiles: [])
        // Unlike a file event or a stop request, which wait for it, a clock change only reaches a
        // wait whose timer is armed: `wait(until:)` arms it when it starts. On a loaded machine
        // the waiting thread may not have got that far after the 100 ms `wake` gives it, so the
        // clock is set again (to the time it already is) until the wait returns, for up to 10 s.
        let result = Mutex<WakeReason?>(nil)
        let done = DispatchSemaphore(value: 0)
        let until = far
        Thread {
            let reason = source.wait(until: until)
            result.withLock { $0 = reason }
            done.signal()
        }.start()
        let deadline = Date().addingTimeInterval(10)
        repeat {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            #expect(clock_settime(CLOCK_REALTIME, &now) == 0)
        } while done.wait(timeout: .now() + .milliseconds(200)) == .timedOut && Date() < deadline
        #expect(result.withLock { $0 } == .clockChanged)
    }
}
