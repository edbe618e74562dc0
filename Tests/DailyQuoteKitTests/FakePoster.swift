import Synchronization

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

/// A ``NotificationPosting`` that records what it was asked to post, or fails as told.
final class FakePoster: NotificationPosting {
    private let state = Mutex<(posted: [DesktopNotification], failure: DeliveryError?)>(([], nil))

    init(failing failure: DeliveryError? = nil) {
        state.withLock { $0.failure = failure }
    }

    var posted: [DesktopNotification] { state.withLock { $0.posted } }

    func fail(with failure: DeliveryError?) { state.withLock { $0.failure = failure } }

    func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification {
        let (failure, count) = state.withLock { s -> (DeliveryError?, Int) in
            if s.failure == nil { s.posted.append(notification) }
            return (s.failure, s.posted.count)
        }
        if let failure { throw failure }
        let server = NotificationServerInfo(
            name: "fake", vendor: "tests", version: "1", specVersion: "1.2", capabilities: ["body", "body-markup"])
        return PostedNotification(server: server, id: UInt32(count), held: false)
    }
}
