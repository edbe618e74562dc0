import DailyQuoteKit
import SystemPackage

/// A posted notification whose watch the test drives: ``press(_:)`` a button, ``end(_:)`` the hold.
package final class FakeHeldPost: Hold.Post {
    package private(set) var id: UInt32
    private unowned let poster: FakeHolderPoster
    private var onAction: ((NotificationAction) -> Void)?
    private var onEnd: ((Hold.End) -> Void)?
    /// The seconds the last watch was for, and its stop descriptor.
    package private(set) var watched: (seconds: Int64, stop: FileDescriptor?)?
    /// Every replacement shown in place of it (Another quotes).
    package private(set) var replacements: [DesktopNotification] = []

    package init(id: UInt32, poster: FakeHolderPoster) {
        self.id = id
        self.poster = poster
    }

    /// Whether a watch is on it (watched, not yet ended or detached).
    package var isWatched: Bool { onEnd != nil }

    package func showAgain() { poster.events.append("show again \(id)") }

    package func close() { poster.events.append("closed \(id)") }

    package func replace(with replacement: DesktopNotification, on server: NotificationServerInfo) -> UInt32? {
        replacements.append(replacement)
        return id
    }

    package func watch(
        seconds: Int64, stop: FileDescriptor?, onAction: @escaping (NotificationAction) -> Void,
        onEnd: @escaping (Hold.End) -> Void
    ) {
        watched = (seconds, stop)
        self.onAction = onAction
        self.onEnd = onEnd
    }

    /// A button pressed, as the server reports it.
    package func press(_ action: NotificationAction) { onAction?(action) }

    package func end(_ end: Hold.End) {
        let onEnd = self.onEnd
        detach()
        onEnd?(end)
    }

    package func detach() {
        if onEnd != nil { poster.events.append("detached \(id)") }
        onAction = nil
        onEnd = nil
    }
}
