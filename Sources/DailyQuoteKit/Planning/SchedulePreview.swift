/// The schedule as `dailyquote schedule` shows it: the next deliveries from a start instant.
package struct SchedulePreview: Sendable, Equatable {
    package var planner: DeliveryPlanner
    /// The instant the preview starts from (Unix seconds).
    package var start: Int64
    package var deliveries: [PlannedDelivery]
    /// Whether each line names its slot: for a plan of `delivery.times` entries, even one
    /// (the header's summary does not say the entry as written), not for `hour`/`minute`.
    package var namesSlots: Bool

    package init(planner: DeliveryPlanner, start: Int64, count: Int, namesSlots: Bool? = nil) {
        self.planner = planner
        self.start = start
        self.deliveries = planner.deliveries(from: start, count: count)
        self.namesSlots = namesSlots ?? (planner.rules.count > 1)
    }

    private var format: ZonedTimeFormat { ZonedTimeFormat(zone: planner.zone) }

    /// The header line: zone, rule, refresh lead and start.
    package var header: String {
        var lead = planner.refreshLead == 0 ? "at the same time" : "\(ConfigDuration(seconds: planner.refreshLead)) before"
        if planner.rules.count > 1 { lead += ", or halfway after the previous slot" }
        return "Deliveries in \(planner.zone.identifier), \(planner.summary) local time "
            + "(refresh \(lead)), from \(format.display(start)):"
    }

    /// One line per delivery: local time, distance from the start, the refresh, and any DST note.
    package var lines: [String] {
        let rows = deliveries.map { delivery in
            (format.display(delivery.at), ZonedTimeFormat.relative(from: start, to: delivery.at), delivery)
        }
        let timeWidth = rows.map(\.0.count).max() ?? 0
        let relativeWidth = rows.map(\.1.count).max() ?? 0
        let showSlots = namesSlots || planner.rules.count > 1
        let slotWidth = showSlots ? rows.map { "[\($0.2.slot)]".count }.max() ?? 0 : 0
        return rows.map { time, relative, delivery in
            var line = time.padding(timeWidth) + "  " + relative.padding(relativeWidth)
            if showSlots { line += "  " + "[\(delivery.slot)]".padding(slotWidth) }
            line += "  refresh " + format.display(delivery.refreshAt)
            if delivery.dstAdjusted {
                line += "  * moved: \(delivery.time) does not exist that day (DST gap)"
            } else if delivery.repeatedTime {
                line += "  * \(delivery.time) occurs twice that day (DST); the first is used"
            }
            if !delivery.mergedSlots.isEmpty {
                line += "  * also [\(delivery.mergedSlots.joined(separator: "], ["))]: the same instant that day"
            }
            return line
        }
    }

    /// The whole text output, header first, newline-terminated.
    package var text: String { ([header] + lines).joined(separator: "\n") + "\n" }

    /// The `--json` form.
    package var report: ScheduleReport {
        ScheduleReport(
            timeZone: planner.zone.identifier,
            deliveries: deliveries.map {
                ScheduleReport.Delivery(
                    at: format.iso8601($0.at), utc: ZonedTimeFormat.utc($0.at), dstAdjusted: $0.dstAdjusted,
                    refreshAt: format.iso8601($0.refreshAt), slot: $0.slot,
                    mergedSlots: $0.mergedSlots.isEmpty ? nil : $0.mergedSlots)
            })
    }
}

extension String {
    /// The string padded with spaces on the right to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
