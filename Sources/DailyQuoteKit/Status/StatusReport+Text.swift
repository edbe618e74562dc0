import DailyQuoteSystem

/// The report as `status` prints it: one `label: value` line per fact.
extension StatusReport {
    /// The report in English.
    package var text: String { text(.english) }

    /// The report in `tr`'s language: the labels and the sentences around the values
    /// (paths, times, names and the nested reasons stay as they are).
    package func text(_ tr: Translator) -> String {
        var lines: [(label: String, value: String)] = []
        func line(_ label: String, _ value: String) { lines.append((label, value)) }
        let absent = config.brokenLink.map { tr("a broken symbolic link to %s; built-in defaults", $0) } ?? tr("absent; built-in defaults")
        let state = config.exists ? (config.valid ? tr("valid") : tr("INVALID: %s", config.error ?? "?")) : absent
        // TRANSLATORS: status's labels end with a colon; the values line up after the longest.
        line(tr("config:"), config.path + tr.parenthesized(state))
        for file in config.systemFiles { line(tr("system config:"), file) }
        if !config.systemFiles.isEmpty { for origin in originLines(tr) { line(tr("values from:"), origin) } }
        let invalid = config.error != nil
        // TRANSLATORS: status's rule while the config file is invalid (the config line above names the problem).
        let noRule = tr("none: the config is invalid (see above); nothing is delivered until it is fixed")
        line(tr("rule:"), invalid ? noRule : (rules.map { DeliveryPlanner.summary(of: $0, tr) } ?? rule) + tr(", ") + timeZone)
        if let sources {
            if sources.configured {
                line(tr("sources:"), tr("%s (from the config)", sources.list.joined(separator: ", ")))
            } else {
                line(tr("sources:"), sources.defaultReason.map { $0.text(tr) } ?? sources.list.joined(separator: ", "))
            }
        }
        // Where a delivery without a usable cached quote takes one: these files first, if any.
        let local = localSources.flatMap { $0.isEmpty ? nil : tr.list($0) }
        // A plan of several slots (their summaries joined by "; ") names the next one.
        let slot = rule.contains(";") ? nextDelivery?.slot.map { " [\($0)]" } ?? "" : ""
        let relative = { (upcoming: Upcoming) in ZonedTimeFormat.relative(upcoming.inSeconds, tr: tr) }
        // TRANSLATORS: status's next delivery and next refresh while the config file is invalid; one text for both lines, so in a language whose "none" agrees with the noun, say it without one ("not while …").
        let invalidNone = tr("none while the config is invalid")
        // TRANSLATORS: status's next delivery and next refresh after `enabled = false` (the engine line says where, and how to undo it).
        let offNone = tr("none while the quotes are off")
        let none = invalid ? invalidNone : engine.turnedOffIn != nil ? offNone : tr("none")
        line(tr("next delivery:"), nextDelivery.map { $0.at + tr.parenthesized(relative($0)) + slot } ?? none)
        line(tr("next refresh:"), nextRefresh.map { $0.at + tr.parenthesized(relative($0)) } ?? none)
        if let cachedQuote {
            line(
                tr("cached quote:"),
                DeliveryOutcome.excerpt(Quote(text: cachedQuote.text, author: cachedQuote.author), tr: tr, oneLine: false))
            line(
                "",
                // TRANSLATORS: under the cached quote: its source, when it was fetched, how long ago, and the delivery it is for.
                tr(
                    "from %s, fetched %s (%s), for %s", cachedQuote.source, cachedQuote.fetchedAt,
                    ZonedTimeFormat.relative(-cachedQuote.ageSeconds, tr: tr),
                    cachedQuote.forDelivery ?? tr("no particular delivery")))
            if let refusal = cachedQuote.refusal {
                line(
                    "",
                    local.map {
                        tr(
                            "not used: cached quote %s; the next delivery takes a quote from %s, else from the bundled collection", refusal,
                            $0)
                    }
                        ?? tr("not used: cached quote %s; the next delivery takes a bundled quote", refusal))
            }
        } else {
            // TRANSLATORS: status's cached quote when the cache file cannot be read; %s is why (the decoder's words).
            let corrupt = cacheCorruption.map { tr("corrupt (%s); the next refresh sets it aside", $0) }
            // TRANSLATORS: status's cached quote when there is none; %s is a fortune file or quote file (or a list of them).
            let none = local.map { tr("none (the next delivery takes a quote from %s, else from the bundled collection)", $0) }
            line(tr("cached quote:"), corrupt ?? cacheProblem ?? none ?? tr("none (the bundled collection is used)"))
        }
        line(tr("last refresh:"), lastRefresh.map { $0.text(tr) } ?? tr("never"))
        if let lastDelivery {
            let planned = lastDelivery.planned ?? "(notify --now)"
            line(
                tr("last delivery:"),
                lastDelivery.source == "bundled"
                    ? tr("planned %s, posted %s, from the bundled collection", planned, lastDelivery.posted)
                    : tr("planned %s, posted %s, from %s", planned, lastDelivery.posted, lastDelivery.source))
        } else {
            line(tr("last delivery:"), tr("never"))
        }
        for (label, value) in actionLines(tr) { line(label, value) }
        line(tr("engine:"), engineText(tr))
        if let warning = zones?.warning(tr) { line(tr("time zones:"), warning) }
        if let futureRecords {
            line(
                tr("clock:"),
                tr(
                    "the ledger records %s, more than a day ahead; ignored (was the clock wrong?)",
                    futureRecords.joined(separator: tr(" and "))))
        }
        if let waitingForPresence { line(tr("presence:"), waitingForPresence.text(tr)) }
        if let holder {
            line(
                tr("holding:"),
                tr(
                    "notification %s on %s, posted %s, until %s at the latest (PID %s)", String(holder.notificationId), holder.server,
                    holder.posted, holder.until, String(holder.pid))
            )
        }
        if let notificationServer {
            line(
                tr("notifications:"),
                tr.clauses([
                    "\(notificationServer.name) \(notificationServer.version) (\(notificationServer.vendor))",
                    notificationServer.capabilities.joined(separator: ", "),
                ])
            )
        } else {
            line(
                tr("notifications:"),
                tr("unavailable: %s", notificationServerFailure.map { $0.message(tr) } ?? notificationServerError ?? "?"))
        }
        if let posting { line(tr("posting:"), posting.text(tr)) }
        // English labels fit in 15 columns; a longer translated one moves the value column.
        // Widths in terminal columns: a Chinese label is twice as wide as its characters.
        let width = max(15, lines.map { TerminalWidth.of($0.label) }.max() ?? 0)
        return lines.map { label, value in
            // A value's own line breaks (a quote of several lines) continue under the value column.
            let indented = value.replacing("\n", with: "\n" + String(repeating: " ", count: width + 1))
            return "\(TerminalWidth.padded(label, to: width)) \(indented)"
        }.joined(separator: "\n") + "\n"
    }

    private func engineText(_ tr: Translator) -> String {
        if let off = engine.offText(tr, userConfig: config.path) { return off }
        var parts: [String] = []
        if engine.unitsInstalled.isEmpty && !engine.generatedUnits.isEmpty {
            parts.append(tr("systemd timers generated by dailyquote-generator (%s units)", String(engine.generatedUnits.count)))
        } else if engine.unitsInstalled.isEmpty {
            parts.append(tr("systemd timers not installed"))
        } else if managerUnreachable == true {
            parts.append(tr("systemd timers installed, but no systemd user manager answers, so they do not run"))
            if !engine.unitsInSync { parts.append(tr("OUT OF SYNC: run `dailyquote install`")) }
        } else {
            parts.append(
                engine.unitsInstalled.count == SystemdUnit.names.count
                    ? tr("systemd timers installed")
                    : tr(
                        "systemd timers partly installed (%s of %s units)", String(engine.unitsInstalled.count),
                        String(SystemdUnit.names.count)))
            parts.append(engine.timersEnabled ? tr("enabled") : tr("NOT enabled"))
            parts.append(engine.unitsInSync ? tr("in sync with the config") : tr("OUT OF SYNC: run `dailyquote install`"))
            if let end = engine.unitsHorizonEnd { parts.append(tr("explicit elapses through %s", end)) }
        }
        parts.append(engine.runProcess ? tr("a `dailyquote run` scheduler is running") : tr("no `dailyquote run` scheduler"))
        // What will deliver when neither running timers nor a `run` does: the autostart entry, at the next login.
        let timersRun =
            (!engine.unitsInstalled.isEmpty && managerUnreachable != true && engine.timersEnabled) || !engine.generatedUnits.isEmpty
        if !timersRun && !engine.runProcess, let autostartEntry {
            parts.append(tr("the autostart entry %s starts `dailyquote run` at your next login", autostartEntry))
        }
        // The installed timers' three facts are one clause ("installed, enabled, in sync").
        // TRANSLATORS: between the facts of one clause of status's engine line ("installed, enabled, in sync").
        let joined =
            engine.unitsInstalled.isEmpty || managerUnreachable == true ? parts : [parts[0...2].joined(separator: tr(", "))] + parts[3...]
        return tr.clauses(joined)
    }
}

extension StatusReport {
    /// `user file F: delivery.hour, source`, one line per file (the user's first, then the
    /// system files, most important first), then the built-in defaults.
    func originLines(_ tr: Translator = .english) -> [String] {
        var byOrigin: [ConfigValueOrigin: [String]] = [:]
        for (key, origin) in config.origins { byOrigin[origin, default: []].append(key) }
        let rank = { (origin: ConfigValueOrigin) -> Int in
            guard let file = origin.file else { return Int.max }
            return origin.from == ConfigLayer.Kind.user.rawValue ? -1 : config.systemFiles.firstIndex(of: file) ?? Int.max - 1
        }
        return byOrigin.keys.sorted { rank($0) < rank($1) }.map { origin in
            origin.file == nil
                ? tr("built-in defaults: every other key")
                : "\(origin.text): \(byOrigin[origin, default: []].sorted().joined(separator: ", "))"
        }
    }
}
