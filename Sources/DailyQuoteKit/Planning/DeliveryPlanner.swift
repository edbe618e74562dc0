/// Turns a ``DeliveryRule`` and a zone into concrete delivery instants.
///
/// It does no I/O.
///
/// The rule, as the README states it:
/// - every selected local calendar day gets exactly one delivery at the rule's local time;
/// - if that local time occurs twice (DST fall-back), the delivery is at the earlier instant,
///   and the day is then done;
/// - if that local time does not exist (DST spring-forward gap), the delivery is at the first
///   instant after the gap, the moment the clocks jump. The day is never skipped.
public struct DeliveryPlanner: Sendable, Equatable {
    public var rule: DeliveryRule
    public var zone: ZoneRules
    /// Seconds between a refresh and the delivery it prepares.
    public var refreshLead: Int64

    public init(rule: DeliveryRule, zone: ZoneRules, refreshLead: Int64) {
        self.rule = rule
        self.zone = zone
        self.refreshLead = refreshLead
    }

    /// The delivery for local day `day`, whether or not its weekday is selected.
    public func delivery(on day: CivilDate) -> PlannedDelivery {
        let resolved = zone.resolve(wallTime: day.daysSinceEpoch * 86_400 + rule.secondsIntoDay)
        return PlannedDelivery(
            day: day, at: resolved.instant, refreshAt: resolved.instant - refreshLead, dstAdjusted: resolved.insideGap,
            repeatedTime: resolved.repeated)
    }

    /// The local calendar day that contains `instant`.
    public func localDay(of instant: Int64) -> CivilDate { zone.wallTime(at: instant).day }

    /// Up to `count` deliveries at or after `start` (Unix seconds), in order.
    public func deliveries(from start: Int64, count: Int) -> [PlannedDelivery] {
        guard count > 0, !rule.weekdays.isEmpty else { return [] }
        var result: [PlannedDelivery] = []
        result.reserveCapacity(count)
        // Begin a day early: a delivery on the previous local day can still lie ahead of `start`
        // only in pathological zones, but it costs one iteration to be sure.
        var day = localDay(of: start).daysSinceEpoch - 1
        while result.count < count {
            let date = CivilDate(daysSinceEpoch: day)
            day += 1
            guard rule.weekdays.contains(date.weekday) else { continue }
            let delivery = delivery(on: date)
            // A day that a zone skipped entirely can map onto the next day's instant: never deliver twice.
            guard delivery.at >= start, delivery.at > (result.last?.at ?? .min) else { continue }
            result.append(delivery)
        }
        return result
    }

    /// The latest delivery at or before `instant`, looking back at most `lookbackDays` days.
    public func latestDelivery(atOrBefore instant: Int64, lookbackDays: Int = 14) -> PlannedDelivery? {
        let today = localDay(of: instant).daysSinceEpoch
        for day in stride(from: today + 1, through: today - Int64(lookbackDays), by: -1) {
            let date = CivilDate(daysSinceEpoch: day)
            guard rule.weekdays.contains(date.weekday) else { continue }
            let delivery = delivery(on: date)
            if delivery.at <= instant { return delivery }
        }
        return nil
    }
}
