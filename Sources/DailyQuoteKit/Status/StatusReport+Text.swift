/// The report as `status` prints it: one `label: value` line per fact.
extension StatusReport {
    public var text: String {
        var lines: [String] = []
        func line(_ label: String, _ value: String) {
            // A value's own line breaks (a quote of several lines) continue under the value column.
            let indented = value.replacing("\n", with: "\n" + String(repeating: " ", count: 16))
            lines.append("\(label)\(String(repeating: " ", count: max(0, 15 - label.count))) \(indented)")
        }
        line(
            "config:",
            "\(config.path) (\(config.exists ? (config.valid ? "valid" : "INVALID: \(config.error ?? "?")") : "absent; built-in defaults"))"
        )
        line("rule:", "\(rule), \(timeZone)")
        line("next delivery:", nextDelivery.map { "\($0.at) (\($0.relative))" } ?? "none")
        line("next refresh:", nextRefresh.map { "\($0.at) (\($0.relative))" } ?? "none")
        if let cachedQuote {
            line("cached quote:", "\(DeliveryOutcome.excerpt(Quote(text: cachedQuote.text, author: cachedQuote.author)))")
            line(
                "",
                "from \(cachedQuote.source), fetched \(cachedQuote.fetchedAt) (\(cachedQuote.age)), for \(cachedQuote.forDelivery ?? "no particular delivery")"
            )
        } else {
            line("cached quote:", cacheProblem ?? "none (the bundled collection is used)")
        }
        line("last refresh:", lastRefresh.map(\.text) ?? "never")
        if let lastDelivery {
            line(
                "last delivery:",
                "planned \(lastDelivery.planned ?? "(notify --now)"), posted \(lastDelivery.posted), from \(lastDelivery.source)")
        } else {
            line("last delivery:", "never")
        }
        for (label, value) in actionLines { line(label, value) }
        line("engine:", engineText)
        if let warning = zones?.warning { line("time zones:", warning) }
        if let futureRecords {
            line(
                "clock:",
                "the ledger records \(futureRecords.joined(separator: " and ")), more than a day ahead; ignored (was the clock wrong?)")
        }
        if let holder {
            line(
                "holding:",
                "notification \(holder.notificationId) on \(holder.server), posted \(holder.posted), until \(holder.until) at the latest (PID \(holder.pid))"
            )
        }
        if let notificationServer {
            line(
                "notifications:",
                "\(notificationServer.name) \(notificationServer.version) (\(notificationServer.vendor)); \(notificationServer.capabilities.joined(separator: ", "))"
            )
        } else {
            line("notifications:", "unavailable: \(notificationServerError ?? "?")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var engineText: String {
        var parts: [String] = []
        if engine.unitsInstalled.isEmpty {
            parts.append("systemd timers not installed")
        } else {
            parts.append(
                "systemd timers \(engine.unitsInstalled.count == SystemdUnit.names.count ? "installed" : "partly installed (\(engine.unitsInstalled.count) of \(SystemdUnit.names.count) units)"), "
                    + "\(engine.timersEnabled ? "enabled" : "NOT enabled"), \(engine.unitsInSync ? "in sync with the config" : "OUT OF SYNC: run `dailyquote install`")"
            )
            if let end = engine.unitsHorizonEnd { parts.append("explicit elapses through \(end)") }
        }
        parts.append(engine.runProcess ? "a `dailyquote run` scheduler is running" : "no `dailyquote run` scheduler")
        return parts.joined(separator: "; ")
    }
}
