import FoundationEssentials

extension Hold {
    /// What `notify` asks its holder to post and how long to keep it, sent as JSON on the
    /// holder's standard input (the quote never passes through a command line or a shell).
    ///
    /// A cross-version format (``FormatVersion``): a `run` started before an upgrade starts the
    /// new binary's holder (its ``HolderLauncher/executable`` is a path). The contract fields:
    /// `notification` (its `summary`, `body`, `icon`, `urgency`, `expireMilliseconds`, `appName`,
    /// `desktopEntry`, and the optional `actions`, `quote`, `source`, `translator`), `until`, and the
    /// optional `timeZone`, `filters`, `localSources`; and `version`. A holder given a newer
    /// version than it knows posts nothing and answers a failed ``Reply`` that says so.
    package struct Request: FormatVersion, Sendable, Codable, Equatable {
        /// The most a request may be, in bytes (a holder reads no more from its standard input).
        package static let maximumSize = 1 << 20
        package static let formatVersion = 1
        /// The format it was written in (always ``formatVersion`` now; nil: 1.0.0's).
        package var version: Int?

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
            version = Self.formatVersion
        }

        /// Why a holder does not take this request: it is of a newer format than this build reads.
        package var unknownVersion: DeliveryError? {
            isKnown ? nil : .failed("the hold request is of format version \(version ?? 1), newer than this holder's \(Self.formatVersion)")
        }
    }

    /// The holder's one-line answer on its standard output, once the notification is posted (or not).
    ///
    /// A cross-version format (``FormatVersion``): a `run` started before an upgrade reads the
    /// new binary's holder's reply. The contract fields: `holding`, and the optional `server` (its
    /// `name`, `vendor`, `version`, `specVersion`, `capabilities`), `id`, `postedAt`, `error`; and
    /// `version`. A reply of a newer version than `notify` knows fails the post, as an unreadable
    /// one does (the delivery stays due).
    package struct Reply: FormatVersion, Sendable, Codable, Equatable {
        package static let formatVersion = 1
        /// The format it was written in (always ``formatVersion`` now; nil: 1.0.0's).
        package var version: Int?
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
            version = Self.formatVersion
        }

        /// The reply as the holder writes it and `notify` reads it: one line of JSON (one that
        /// cannot be encoded says only that nothing is held).
        package func line() -> Data {
            var line = (try? JSONEncoder.dailyquote().encode(self)) ?? Data(#"{"holding":false,"version":1}"#.utf8)
            line.append(UInt8(ascii: "\n"))
            return line
        }

        /// A reply for a notification that could not be posted.
        package static func failed(_ error: DeliveryError) -> Reply {
            Reply(server: nil, id: nil, postedAt: nil, holding: false, error: error)
        }
    }
}
