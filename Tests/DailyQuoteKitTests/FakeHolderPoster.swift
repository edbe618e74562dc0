import Foundation
import SystemPackage

@testable import DailyQuoteKit

/// A ``Hold/Poster`` that records what the holder's rules ask of it, in order, and hands out
/// ``FakeHeldPost``s whose buttons and ends the test drives.
final class FakeHolderPoster: Hold.Poster {
    var info: NotificationServerInfo
    /// Why every post fails, if it does.
    var failure: DeliveryError?
    /// Runs at the `Notify` call, before it returns.
    var onPost: () -> Void = {}
    /// What happened, in order: `post ID`, `show again ID`, `close ID`, `closed ID`, `detached ID`.
    var events: [String] = []
    /// Every post, the last one last.
    var posts: [FakeHeldPost] = []
    /// The buttons each post offered.
    var offered: [[NotificationAction]] = []
    private var nextID: UInt32 = 40

    init(capabilities: [String], name: String = "fake") {
        info = NotificationServerInfo(name: name, vendor: "tests", version: "1", specVersion: "1.2", capabilities: capabilities)
    }

    func server() throws(DeliveryError) -> NotificationServerInfo {
        if let failure { throw failure }
        return info
    }

    func post(
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

    func close(_ id: UInt32) { events.append("close \(id)") }
}

/// A posted notification whose watch the test drives: ``press(_:)`` a button, ``end(_:)`` the hold.
final class FakeHeldPost: Hold.Post {
    private(set) var id: UInt32
    private unowned let poster: FakeHolderPoster
    private var onAction: ((NotificationAction) -> Void)?
    private var onEnd: ((Hold.End) -> Void)?
    /// The seconds the last watch was for, and its stop descriptor.
    private(set) var watched: (seconds: Int64, stop: FileDescriptor?)?
    /// Every replacement shown in place of it (Another quotes).
    private(set) var replacements: [DesktopNotification] = []

    init(id: UInt32, poster: FakeHolderPoster) {
        self.id = id
        self.poster = poster
    }

    var isWatched: Bool { onEnd != nil }

    func showAgain() { poster.events.append("show again \(id)") }

    func close() { poster.events.append("closed \(id)") }

    func replace(with replacement: DesktopNotification, on server: NotificationServerInfo) -> UInt32? {
        replacements.append(replacement)
        return id
    }

    func watch(
        seconds: Int64, stop: FileDescriptor?, onAction: @escaping (NotificationAction) -> Void,
        onEnd: @escaping (Hold.End) -> Void
    ) {
        watched = (seconds, stop)
        self.onAction = onAction
        self.onEnd = onEnd
    }

    /// A button pressed, as the server reports it.
    func press(_ action: NotificationAction) { onAction?(action) }

    func end(_ end: Hold.End) {
        let onEnd = self.onEnd
        detach()
        onEnd?(end)
    }

    func detach() {
        if onEnd != nil { poster.events.append("detached \(id)") }
        onAction = nil
        onEnd = nil
    }
}
