import Foundation
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("BlockingDeadline")
struct BlockingDeadlineTests {
    @Test("Work that finishes in time returns its result or error")
    func inTime() throws {
        let value = BlockingDeadline.run(seconds: 5) { () throws(DeliveryError) -> Int in 42 }
        #expect(try value?.get() == 42)
        let failure = BlockingDeadline.run(seconds: 5) { () throws(DeliveryError) -> Int in throw .noServer }
        #expect(throws: DeliveryError.noServer) { try failure?.get() }
    }

    @Test("Work that blocks past the deadline gives nil without being waited for")
    func blocked() {
        let gate = DispatchSemaphore(value: 0)
        let result = BlockingDeadline.run(seconds: 0.1) { () throws(DeliveryError) -> Int in
            gate.wait()
            return 1
        }
        #expect(result == nil)
        gate.signal()
    }
}
