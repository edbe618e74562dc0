/// Turns the plan's ``DeliveryRule``s (its slots) and a zone into concrete delivery instants.
///
/// It does no I/O.
///
/// The rule, as docs/planning.md states it, for each slot separately:
/// - every selected local calendar day gets exactly one delivery at the slot's local time;
/// - if that local time occurs twice (DST fall-back), the delivery is at the earlier instant,
///   and the slot is then done for the day;
/// - if that local time does not exist (DST spring-forward gap), the delivery is at the first
///   instant after the gap, the moment the clocks jump. The day is never skipped.
///
/// Slots that resolve to the same instant on a day are one delivery, named after the entry
/// listed first. Each delivery's refresh is `refreshLead` before it, but never earlier than
/// halfway between the previous delivery and it, so that each slot gets a quote fetched after
/// the previous slot posted its own.
package struct DeliveryPlanner: Sendable, Equatable {
    /// The slots, in config order; never empty for a plan made from a config.
    package var rules: [DeliveryRule]
    package var zone: ZoneRules
    /// Seconds between a refresh and the delivery it prepares.
    package var refreshLead: Int64

    package init(rules: [DeliveryRule], zone: ZoneRules, refreshLead: Int64) {
        self.rules = rules
        self.zone = zone
        self.refreshLead = refreshLead
    }

    package init(rule: DeliveryRule, zone: ZoneRules, refreshLead: Int64) {
        self.init(rules: [rule], zone: zone, refreshLead: refreshLead)
    }

    /// The first slot's rule; a one-slot plan's only one.
    package var rule: DeliveryRule {
        get { rules.first ?? DeliveryRule(hour: 8, minute: 0) }
        set { rules = [newValue] }
    }

    /// `every day at 08:00`, or for several slots `Mon-Fri at 08:00; every day at 20:00`.
    package var summary: String { rules.map(\.summary).joined(separator: "; ") }

    /// ``summary`` in `tr`'s language.
    package func summary(_ tr: Translator) -> String { Self.summary(of: rules, tr) }

    /// The summary of `rules` in `tr`'s language (`status` keeps the rules, not a planner).
    package static func summary(of rules: [DeliveryRule], _ tr: Translator) -> String { tr.clauses(rules.map { $0.summary(tr) }) }

    /// Whether any slot selects a weekday.
    private var hasAnyDay: Bool { rules.contains { !$0.weekdays.isEmpty } }

    /// The first slot's delivery for local day `day`, whether or not its weekday is selected.
    package func delivery(on day: CivilDate) -> PlannedDelivery {
        let rule = self.rule
        let resolved = zone.resolve(wallTime: day.daysSinceEpoch * 86_400 + rule.secondsIntoDay)
        return PlannedDelivery(
            day: day, at: resolved.instant, refreshAt: resolved.instant - refreshLead, dstAdjusted: resolved.insideGap,
            repeatedTime: resolved.repeated, slot: rule.slotName, time: rule.timeText)
    }

    /// The deliveries of local day `day`, in order, with slots that resolve to the same
    /// instant merged; their refresh instants are `at - refreshLead` (not yet clamped).
    package func slots(on day: CivilDate) -> [PlannedDelivery] {
        slots(on: day, names: slotNames)
    }

    /// Each rule's slot name and time text, in rule order: made once for a run of days, not
    /// once a delivery (the generator plans a year ahead, and formatting was a tenth of its work).
    private var slotNames: [(slot: String, time: String)] { rules.map { ($0.slotName, $0.timeText) } }

    private func slots(on day: CivilDate, names: [(slot: String, time: String)]) -> [PlannedDelivery] {
        var result: [PlannedDelivery] = []
        for (rule, name) in zip(rules, names) where rule.weekdays.contains(day.weekday) {
            let resolved = zone.resolve(wallTime: day.daysSinceEpoch * 86_400 + rule.secondsIntoDay)
            if let index = result.firstIndex(where: { $0.at == resolved.instant }) {
                result[index].mergedSlots.append(name.slot)
                continue
            }
            result.append(
                PlannedDelivery(
                    day: day, at: resolved.instant, refreshAt: resolved.instant - refreshLead, dstAdjusted: resolved.insideGap,
                    repeatedTime: resolved.repeated, slot: name.slot, time: name.time))
        }
        result.sort { $0.at < $1.at }
        for index in result.indices { result[index].slotOfDay = index + 1 }
        return result
    }

    /// The local calendar day that contains `instant`.
    package func localDay(of instant: Int64) -> CivilDate { zone.wallTime(at: instant).day }

    /// Up to `count` deliveries at or after `start` (Unix seconds), in order.
    package func deliveries(from start: Int64, count: Int) -> [PlannedDelivery] {
        guard count > 0, hasAnyDay else { return [] }
        var result: [PlannedDelivery] = []
        result.reserveCapacity(count)
        // Begin a day early: a delivery on the previous local day can still lie ahead of `start`
        // only in pathological zones, but it costs one iteration to be sure.
        var day = localDay(of: start).daysSinceEpoch - 1
        var previous = latestDelivery(beforeDay: day)
        let names = slotNames
        while result.count < count {
            let date = CivilDate(daysSinceEpoch: day)
            day += 1
            for var delivery in slots(on: date, names: names) {
                // A day that a zone skipped entirely can map onto the next day's instant: never deliver twice.
                guard delivery.at > (previous?.at ?? .min) else { continue }
                delivery.refreshAt = Self.refreshInstant(for: delivery.at, lead: refreshLead, previous: previous?.at)
                previous = delivery
                guard delivery.at >= start else { continue }
                result.append(delivery)
                if result.count == count { break }
            }
        }
        return result
    }

    /// The latest delivery at or before `instant`, looking back at most `lookbackDays` days.
    package func latestDelivery(atOrBefore instant: Int64, lookbackDays: Int = 14) -> PlannedDelivery? {
        guard var found = latestUnclamped(atOrBefore: instant, lookbackDays: lookbackDays) else { return nil }
        let previous = latestUnclamped(atOrBefore: found.at - 1, lookbackDays: 8)
        found.refreshAt = Self.refreshInstant(for: found.at, lead: refreshLead, previous: previous?.at)
        return found
    }

    /// The latest delivery before local day `day` begins, looking back a week.
    private func latestDelivery(beforeDay day: Int64) -> PlannedDelivery? {
        latestUnclamped(atOrBefore: zone.resolve(wallTime: day * 86_400).instant - 1, lookbackDays: 8)
    }

    private func latestUnclamped(atOrBefore instant: Int64, lookbackDays: Int) -> PlannedDelivery? {
        let today = localDay(of: instant).daysSinceEpoch
        for day in stride(from: today + 1, through: today - Int64(lookbackDays), by: -1) {
            if let delivery = slots(on: CivilDate(daysSinceEpoch: day)).last(where: { $0.at <= instant }) { return delivery }
        }
        return nil
    }

    /// `at - lead`, but not before the midpoint between `previous` and `at`.
    static func refreshInstant(for at: Int64, lead: Int64, previous: Int64?) -> Int64 {
        guard let previous, previous < at else { return at - lead }
        return max(at - lead, previous + (at - previous) / 2)
    }
}
