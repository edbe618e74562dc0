import Foundation
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("StartedWork")
struct StartedWorkTests {
    @Test("The work runs on another thread at once; its result, or its error, is there for every wait")
    func result() throws {
        let caller = pthread_self()
        let ran = StartedWork { () throws(DeliveryError) -> Bool in pthread_equal(pthread_self(), caller) == 0 }
        #expect(try ran.wait().get() == true)
        #expect(try ran.wait().get() == true)
        let failed = StartedWork { () throws(DeliveryError) -> Int in throw .noServer }
        #expect(throws: DeliveryError.noServer) { try failed.wait().get() }
        #expect(throws: DeliveryError.noServer) { try failed.wait().get() }
    }

    @Test("A timed wait gives nil while the work runs, and the result once it has finished")
    func timedWait() throws {
        let gate = DispatchSemaphore(value: 0)
        let work = StartedWork { () throws(DeliveryError) -> Int in
            gate.wait()
            return 3
        }
        #expect(work.wait(seconds: 0.05) == nil)
        gate.signal()
        #expect(try work.wait(seconds: 5)?.get() == 3)
        #expect(try work.wait(seconds: 0)?.get() == 3)
    }

    @Test("A deadline's milliseconds left are rounded up and never 0 (GDBus's default of 25 s)")
    func millisecondsLeft() {
        #expect(ContinuousClock.now.millisecondsLeft == 1)
        #expect((ContinuousClock.now - .seconds(5)).millisecondsLeft == 1)
        let left = (ContinuousClock.now + .seconds(2)).millisecondsLeft
        #expect(left > 1_000 && left <= 2_000)
    }
}
