import DailyQuoteKit
import Foundation
import SystemPackage

/// A ``Hold/Poster`` that records what the holder's rules ask of it, in order: the holder's libnotify client, without a bus.
///
/// It hands out ``FakeHeldPost``s whose buttons and ends the test drives.
package final class FakeHolderPoster: Hold.Poster {
    /// What the server says of itself.
    package var info: NotificationServerInfo
    /// Why every post fails, if it does.
    package var failure: DeliveryError?
    /// Runs at the `Notify` call, before it returns.
    package var onPost: () -> Void = {}
    /// What happened, in order: `post ID`, `show again ID`, `close ID`, `closed ID`, `detached ID`.
    package var events: [String] = []
    /// Every post, the last one last.
    package var posts: [FakeHeldPost] = []
    /// The buttons each post offered.
    package var offered: [[NotificationAction]] = []
    private var nextID: UInt32 = 40

    /// A poster on a server named `name` with `capabilities`.
    package init(capabilities: [String], name: String = "fake") {
        info = NotificationServerInfo(name: name, vendor: "tests", version: "1", specVersion: "1.2", capabilities: capabilities)
    }

    package func server() throws(DeliveryError) -> NotificationServerInfo {
        if let failure { throw failure }
        return info
    }

    package func post(
        _ notification: DesktopNotification, offering actions: [NotificationAction], on server: NotificationServerInfo
    ) throws(DeliveryError) -> any Hold.Post {
        onPost()
        nextID += 1
        let post = FakeHeldPost(id: nextID, poster: self)
        events.append("post \(post.id)")
        posts.append(post)
        offered.append(actions)
        return post
    }

    package func close(_ id: UInt32) { events.append("close \(id)") }
}
