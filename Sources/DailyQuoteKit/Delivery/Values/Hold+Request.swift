import FoundationEssentials

extension Hold {
    /// What `notify` asks its holder to post and how long to keep it, sent as JSON on the
    /// holder's standard input (the quote never passes through a command line or a shell).
    package struct Request: Sendable, Codable, Equatable {
        /// The most a request may be, in bytes (a holder reads no more from its standard input).
        package static let maximumSize = 1 << 20

        package var notification: DesktopNotification
        /// The instant (Unix seconds) after which the holder lets go: the hold's end, at the latest
        /// just after the next planned delivery.
        package var until: Int64
        /// The zone the history's times are written in (the delivery's), for an Another quote.
        package var timeZone: String?
        /// The `[quotes]` filters an Another quote must pass (the holder loads no config); nil: none.
        package var filters: QuotesConfig?
        /// The local sources an Another quote comes from before the bundled collection; nil: none.
        package var localSources: [LocalQuoteSource]?

        package init(
            notification: DesktopNotification, until: Int64, timeZone: String? = nil, filters: QuotesConfig? = nil,
            localSources: [LocalQuoteSource]? = nil
        ) {
            self.notification = notification
            self.until = until
            self.timeZone = timeZone
            self.filters = filters
            self.localSources = localSources
        }
    }

    /// The holder's one-line answer on its standard output, once the notification is posted (or not).
    package struct Reply: Sendable, Codable, Equatable {
        /// The server that took it.
        package var server: NotificationServerInfo?
        /// The id the server gave the notification.
        package var id: UInt32?
        /// When it was posted (Unix seconds).
        package var postedAt: Int64?
        /// Whether the holder stays to keep it.
        package var holding: Bool
        /// Why it could not be posted.
        package var error: DeliveryError?

        package init(server: NotificationServerInfo?, id: UInt32?, postedAt: Int64?, holding: Bool, error: DeliveryError? = nil) {
            self.server = server
            self.id = id
            self.postedAt = postedAt
            self.holding = holding
            self.error = error
        }

        /// The reply as the holder writes it and `notify` reads it: one line of JSON (one that
        /// cannot be encoded says only that nothing is held).
        package func line() -> Data {
            var line = (try? JSONEncoder.dailyquote().encode(self)) ?? Data(#"{"holding":false}"#.utf8)
            line.append(UInt8(ascii: "\n"))
            return line
        }

        /// A reply for a notification that could not be posted.
        package static func failed(_ error: DeliveryError) -> Reply {
            Reply(server: nil, id: nil, postedAt: nil, holding: false, error: error)
        }
    }
}
