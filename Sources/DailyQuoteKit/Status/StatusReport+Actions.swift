extension StatusReport {
    /// The saved favourites (`favorites.jsonl`).
    package struct Favorites: Sendable, Codable, Equatable {
        package var count: Int
        package var path: String
    }

    /// The last notification posted (a delivery, a preview or an Another quote) and the
    /// buttons pressed on it.
    package struct LastNotification: Sendable, Codable, Equatable {
        package var posted: String
        package var notificationId: UInt32?
        package var text: String
        /// Empty for none, which the JSON leaves out.
        @OmittedWhenEmpty package var author: String
        package var another: Bool?
        package var actions: [NotificationAction]?
        /// The presses whose work was not done, with why.
        package var failedActions: [FailedAction]?
    }

    /// The `status` lines for the buttons and the favourites.
    func actionLines(_ tr: Translator) -> [(String, String)] {
        var lines: [(String, String)] = []
        let offered = tr.list(buttons.map { $0.label(tr) })
        var clauses = [buttons.isEmpty ? tr("none") : tr("%s (where the server shows actions)", offered)]
        if let pressed = lastNotification?.actions, !pressed.isEmpty {
            clauses.append(tr("pressed on the last notification: %s", tr.list(pressed.map { $0.label(tr) })))
        }
        for failed in lastNotification?.failedActions ?? [] {
            clauses.append(tr("%1$s failed: %2$s", failed.action.label(tr), failed.reason))
        }
        lines.append((tr("buttons:"), tr.clauses(clauses)))
        if let favorites { lines.append((tr("favourites:"), String(favorites.count) + tr.parenthesized(favorites.path))) }
        return lines
    }
}

extension StatusCollector {
    /// Adds the buttons, the last notification's presses and the favourites to `report`.
    func addActions(to report: inout StatusReport, history: [HistoryEntry]) {
        report.buttons = loaded.config.notification.actions
        let favorites = paths.favoritesStore()
        report.favorites = .init(count: favorites.list().count, path: favorites.path)
        guard let last = history.last else { return }
        let annotated = ActionLog(path: paths.actionLog).annotate([last]).first ?? last
        report.lastNotification = .init(
            posted: annotated.posted, notificationId: annotated.notificationId, text: annotated.text, author: annotated.author,
            another: annotated.another, actions: annotated.actions, failedActions: annotated.failedActions)
    }
}
