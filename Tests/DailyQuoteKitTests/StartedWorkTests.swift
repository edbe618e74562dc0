import Foundation
import Testing

@testable import DailyQuoteKit

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

    @Test("isFinished says whether a wait would return at once")
    func finished() throws {
        let gate = DispatchSemaphore(value: 0)
        let work = StartedWork { () throws(DeliveryError) -> Int in
            gate.wait()
            return 7
        }
        #expect(!work.isFinished)
        gate.signal()
        #expect(try work.wait().get() == 7)
        #expect(work.isFinished)
    }
}
