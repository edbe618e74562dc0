/// Everything `dailyquote status` shows; `--json` prints it as is.
package struct StatusReport: Sendable, Codable, Equatable {
    /// The config file and whether it can be used.
    package struct ConfigState: Sendable, Codable, Equatable {
        package var path: String
        package var exists: Bool
        package var valid: Bool
        package var error: String?
        /// The system-wide config files read under the user's, most important first.
        package var systemFiles: [String] = []
        /// For each known key (`delivery.hour`; `source` for the list), where its value came from.
        package var origins: [String: ConfigValueOrigin] = [:]
        /// Where the config path points when it is a broken symbolic link.
        package var brokenLink: String?
    }

    /// An instant, as local time and as the time left until it.
    package struct Upcoming: Sendable, Codable, Equatable {
        package var at: String
        package var inSeconds: Int64
        /// `in 3h 5m`.
        package var relative: String
        /// The slot of a delivery (`Mon..Fri 08:00`); nil for a refresh.
        package var slot: String?
    }

    /// The cached quote, and which delivery it is for.
    package struct Cached: Sendable, Codable, Equatable {
        package var text: String
        /// Empty for none, which the JSON leaves out.
        @OmittedWhenEmpty package var author: String
        package var source: String
        package var fetchedAt: String
        package var ageSeconds: Int64
        /// `2h 5m ago`.
        package var age: String
        package var forDelivery: String?
        /// The `[quotes]` key that refuses this quote (filters set or changed since it was
        /// fetched), so that the next delivery takes a bundled one instead; absent when it passes.
        package var refusedBy: String?
        /// Why, as `notify --dry-run` says it: `refused by quotes.include_authors: …`.
        package var refusal: String?
    }

    /// The last planned delivery that was posted.
    package struct LastDelivery: Sendable, Codable, Equatable {
        package var planned: String?
        package var posted: String
        package var source: String
        package var text: String
    }

    /// What schedules the stages: the systemd timers, a `run` process, both, neither, or nothing
    /// because the quotes are turned off.
    package struct Engine: Sendable, Codable, Equatable {
        /// `systemd` (`install`'s timers), `generator` (the user generator's), `run`, `systemd+run`,
        /// `generator+run`, `off` (`enabled = false`, and no timers or `run` deliver anyway) or `none`.
        package var kind: String
        /// The dailyquote unit files present in the user unit directory.
        package var unitsInstalled: [String]
        package var timersEnabled: Bool
        /// Whether the unit files equal what `install` would write now.
        package var unitsInSync: Bool
        /// For timers that list absolute instants, the last one they cover.
        package var unitsHorizonEnd: String?
        /// Whether a `dailyquote run` process holds its marker lock.
        package var runProcess: Bool
        /// The dailyquote units the user generator wrote (`$XDG_RUNTIME_DIR/systemd/generator`).
        package var generatedUnits: [String] = []
        /// With `kind` `off`, the file whose `enabled = false` turns the quotes off.
        package var turnedOffIn: String? = nil

        /// With `kind` `off`, what turned the quotes off and how to turn them on again, for the
        /// user whose config file is `userConfig`; nil while they are on.
        package func offText(_ tr: Translator, userConfig: String) -> String? {
            guard let turnedOffIn else { return nil }
            guard turnedOffIn == userConfig else {
                // TRANSLATORS: status's engine and doctor, when the system-wide config turns the quotes off; %1$s and %2$s are files.
                return tr(
                    "off: %1$s turns the quotes off for everyone (`enabled = false` under [delivery]); to turn them on for you, set `enabled = true` under [delivery] in %2$s",
                    turnedOffIn, userConfig)
            }
            // TRANSLATORS: status's engine and doctor after the user's opt-out (`dailyquote uninstall`); %s is the config file.
            return tr(
                "off: you turned the quotes off in %s (`enabled = false` under [delivery]); to turn them on again, set `enabled = true` there",
                turnedOffIn)
        }
    }

    /// A live holder keeping the last notification (see `notification.hold`).
    package struct Holder: Sendable, Codable, Equatable {
        package var pid: Int32
        package var notificationId: UInt32
        package var server: String
        package var posted: String
        package var until: String
    }

    /// A delivery that waits while the person is away: `text` is what `status` prints.
    package struct PresenceWaiting: Sendable, Codable, Equatable {
        package var pid: Int32
        /// `locked` or `inhibited`.
        package var reason: AwayReason
        package var planned: String
        package var since: String
        package var until: String
        /// `waiting for you to unlock (since 08:00, until 11:00)`.
        package var text: String

        /// ``text`` in `tr`'s language; the clock times are `since`'s and `until`'s (ISO 8601, `…T08:00:00+01:00`).
        package func text(_ tr: Translator) -> String {
            let (from, to) = (String(since.dropFirst(11).prefix(5)), String(until.dropFirst(11).prefix(5)))
            switch reason {
            case .locked:
                // TRANSLATORS: status's presence line: a delivery waits for the screen to be unlocked; %1$s and %2$s are clock times.
                return tr("waiting for you to unlock (since %1$s, until %2$s)", from, to)
            case .inhibited:
                return tr("waiting for do-not-disturb to end (since %1$s, until %2$s)", from, to)
            }
        }
    }

    /// The version of this binary (`--version`): `1.0.1~dev` for a build after release 1.0.0.
    package var version = ReleaseVersion.current
    package var config: ConfigState
    package var timeZone: String
    package var rule: String
    package var nextDelivery: Upcoming?
    package var nextRefresh: Upcoming?
    package var cachedQuote: Cached?
    package var cacheProblem: String?
    package var lastRefresh: FetchOutcome?
    package var lastDelivery: LastDelivery?
    package var engine: Engine
    package var notificationServer: NotificationServerInfo?
    package var notificationServerError: String?
    /// The delivery rules behind ``rule``, for the text's translated summary (not in the JSON).
    @ExcludedFromJSON package var rules: [DeliveryRule]? = nil
    /// The failure behind ``notificationServerError``, for the text's translated line (not in the JSON).
    @ExcludedFromJSON package var notificationServerFailure: DeliveryError? = nil
    /// With units installed, whether no systemd user manager answered, so they run nothing (not in the JSON).
    @ExcludedFromJSON package var managerUnreachable: Bool? = nil
    /// The XDG autostart entry that starts `dailyquote run` at the next login, if one is active (not in the JSON).
    @ExcludedFromJSON package var autostartEntry: String? = nil
    /// Why the cache file is corrupt, behind ``cacheProblem``, for the text's translated line (not in the JSON).
    @ExcludedFromJSON package var cacheCorruption: String? = nil
    /// The files a delivery without a usable cached quote reads, in order, before the bundled
    /// collection: the config's `fortune` and `file` sources, or the language's fortune file (not in the JSON).
    @ExcludedFromJSON package var localSources: [String]? = nil
    /// Which path a notification takes now (GNOME's own interface, or freedesktop with or
    /// without a holder), and what that means.
    package var posting: PostingPathReport?
    package var holder: Holder?
    /// A delivery waiting for the person to come back (`delivery.wait_for_presence`).
    package var waitingForPresence: PresenceWaiting?
    /// Ledger records more than a day ahead of now (a clock that was wrong), ignored by the due rule.
    package var futureRecords: [String]?
    /// The zones of this session, the user manager and the units, where the units are installed.
    package var zones: ZoneAgreement?
    /// The buttons `notification.actions` offers (see StatusReport+Actions.swift).
    package var buttons: [NotificationAction] = []
    package var lastNotification: LastNotification?
    package var favorites: Favorites?
    /// The sources `refresh` tries, and where the list comes from.
    package var sources: Sources?

    /// The sources `refresh` tries: the config's `[[source]]` list, or the default and why.
    package struct Sources: Sendable, Codable, Equatable {
        /// Each source as `refresh --dry-run` names it: its type and its URL or file.
        package var list: [String]
        /// True when a config file gives `[[source]]`.
        package var configured: Bool
        /// Why this default list, when no file gives one.
        package var defaultReason: DefaultSources.Reason?

        package init(_ loaded: LoadedConfig) {
            list = loaded.config.sources.map { "\($0.kind.rawValue) \($0.effectiveURL ?? $0.path ?? "")" }
            configured = loaded.config.sourcesConfigured
            defaultReason = loaded.defaultSources?.reason
        }
    }
}
