import DailyQuoteKit
import DailyQuoteSystem
import Synchronization

/// A ``NotificationPosting`` that records what it was asked to post, or fails as told: the delivery's poster, without a bus.
///
/// Each post succeeds on a server named "fake" (capabilities `body`, `body-markup`) with the
/// next id from 1, and holds nothing.
package final class FakePoster: NotificationPosting {
    private let state = Mutex<(posted: [DesktopNotification], failure: DeliveryError?)>(([], nil))

    /// A poster that fails every post with `failure`, or posts when it is nil.
    package init(failing failure: DeliveryError? = nil) {
        state.withLock { $0.failure = failure }
    }

    /// Every notification posted, in order (a failed post is not among them).
    package var posted: [DesktopNotification] { state.withLock { $0.posted } }

    /// Makes the posts from now on fail with `failure`, or succeed when it is nil.
    package func fail(with failure: DeliveryError?) { state.withLock { $0.failure = failure } }

    package func post(
        _ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline
    ) throws(DeliveryError) -> PostedNotification {
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
