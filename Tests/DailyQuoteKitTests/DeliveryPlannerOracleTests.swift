import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit

/// The planner against an independent oracle (Python's zoneinfo, `Tests/TestSupport/Harness/planner_oracle.py`)
/// for every zone Python knows, for all of 2026 to 2028.
@Suite("DeliveryPlanner against the zoneinfo oracle")
struct DeliveryPlannerOracleTests {
    /// Wall times that hit gaps and repeats in most zones, plus an ordinary one.
    static let times = [(2, 30), (1, 30), (0, 0), (0, 30), (3, 0), (8, 0)]
    static let first = CivilDate(year: 2026, month: 1, day: 1)
    static let last = CivilDate(year: 2028, month: 12, day: 31)

    /// One JSON line for the oracle: the case and the planner's deliveries for it.
    static func caseLine(zone: ZoneRules, hour: Int, minute: Int, weekdays: WeekdaySet) -> String {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: hour, minute: minute, weekdays: weekdays), zone: zone, refreshLead: 0)
        let start = zone.resolve(wallTime: first.daysSinceEpoch * 86_400).instant
        let deliveries = planner.deliveries(from: start, count: 1200).prefix { $0.day <= last }
        let pairs = deliveries.map { "[\($0.at),\($0.dstAdjusted ? 1 : 0)]" }.joined(separator: ",")
        let days = weekdays.days.map { String($0.rawValue) }.joined(separator: ",")
        return #"{"zone":"\#(zone.identifier)","hour":\#(hour),"minute":\#(minute),"weekdays":[\#(days)],"#
            + #""start":\#(start),"through":"\#(last)","deliveries":[\#(pairs)]}"#
    }

    /// Plans of several slots with day prefixes: gap and repeat times, entries that collapse
    /// (`02:30` and `03:00` on a spring-forward day), and overlapping weekday sets.
    static let slotPlans: [[String]] = [
        ["02:30", "03:00", "Mon..Fri 01:30", "Sat,Sun 00:00"],
        ["Mon,Wed..Fri 02:00", "sun 02:30", "Sat,Sunday 01:00", "08:00", "00:30"],
    ]

    /// One JSON line for the oracle for a plan of several `times` entries.
    static func slotsCaseLine(zone: ZoneRules, entries: [String]) throws -> String {
        let times = try entries.map { try #require(DeliveryTime(parsing: $0)) }
        let planner = DeliveryPlanner(rules: times.map { $0.rule(weekdays: .everyDay) }, zone: zone, refreshLead: 0)
        let start = zone.resolve(wallTime: first.daysSinceEpoch * 86_400).instant
        let deliveries = planner.deliveries(from: start, count: 6000).prefix { $0.day <= last }
        let triples = deliveries.map { "[\($0.at),\($0.dstAdjusted ? 1 : 0),\(entries.firstIndex(of: $0.slot) ?? -1)]" }
        let entryList = times.map { time in
            "[\(time.hour),\(time.minute),[\((time.days ?? .everyDay).days.map { String($0.rawValue) }.joined(separator: ","))]]"
        }
        return #"{"zone":"\#(zone.identifier)","entries":[\#(entryList.joined(separator: ","))],"#
            + #""start":\#(start),"through":"\#(last)","deliveries":[\#(triples.joined(separator: ","))]}"#
    }

    @Test("Every zoneinfo zone, several slots a day with day prefixes, gap and repeat times, 2026-2028")
    func allZonesSeveralSlots() throws {
        let names = try Self.zoneNames()
        var shards = ["", ""]
        for (index, name) in names.enumerated() {
            let zone = try Zones.database.zone(named: name)
            shards[index % 2] += try Self.slotPlans.map { try Self.slotsCaseLine(zone: zone, entries: $0) }.joined(separator: "\n") + "\n"
        }
        try Self.runOracle(shards)
    }

    /// Every zone Python's zoneinfo knows.
    static func zoneNames() throws -> [String] {
        let list = try ProcessRunner.run(
            "/usr/bin/env", ["python3", RepositoryPaths.support("unit/zoneinfo_zones.py")], environment: RepositoryPaths.environment())
        let names = list.stdout.split(separator: "\n").map(String.init)
        try #require(names.count > 400, "zoneinfo lists too few zones: \(list.stderr)")
        return names
    }

    /// Runs the oracle on two shards, one process per core, and expects no disagreement.
    static func runOracle(_ inputs: [String]) throws {
        let results = Mutex([ProcessResult?](repeating: nil, count: inputs.count))
        DispatchQueue.concurrentPerform(iterations: inputs.count) { shard in
            let result = try? ProcessRunner.run(
                "/usr/bin/env", ["python3", RepositoryPaths.support("planner_oracle.py")],
                environment: RepositoryPaths.environment(), stdin: inputs[shard])
            results.withLock { $0[shard] = result }
        }
        for result in results.withLock({ $0 }) {
            let result = try #require(result)
            #expect(result.status == 0, "oracle disagreements:\n\(result.stdout.prefix(4000))\n\(result.stderr)")
            #expect(result.stderr.contains(" 0 disagreements"), "\(result.stderr)")
        }
    }

    @Test("Every zoneinfo zone, six gap/repeat times and weekday filters, 2026-2028")
    func allZones() throws {
        let names = try Self.zoneNames()

        var shards = ["", ""]
        for (index, name) in names.enumerated() {
            let zone = try Zones.database.zone(named: name)
            var lines = Self.times.map { Self.caseLine(zone: zone, hour: $0.0, minute: $0.1, weekdays: .everyDay) }
            lines.append(Self.caseLine(zone: zone, hour: 2, minute: 30, weekdays: WeekdaySet([.monday, .wednesday, .friday])))
            lines.append(Self.caseLine(zone: zone, hour: 0, minute: 0, weekdays: WeekdaySet([.sunday])))
            if name == "Australia/Lord_Howe" {
                lines += [(2, 15), (1, 45), (2, 0)].map { Self.caseLine(zone: zone, hour: $0.0, minute: $0.1, weekdays: .everyDay) }
            }
            shards[index % 2] += lines.joined(separator: "\n") + "\n"
        }
        // Two oracle processes, one per core.
        let inputs = shards
        let results = Mutex([ProcessResult?](repeating: nil, count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { shard in
            let result = try? ProcessRunner.run(
                "/usr/bin/env", ["python3", RepositoryPaths.support("planner_oracle.py")],
                environment: RepositoryPaths.environment(), stdin: inputs[shard])
            results.withLock { $0[shard] = result }
        }
        for result in results.withLock({ $0 }) {
            let result = try #require(result)
            #expect(result.status == 0, "oracle disagreements:\n\(result.stdout.prefix(4000))\n\(result.stderr)")
            #expect(result.stderr.contains(" 0 disagreements"), "\(result.stderr)")
        }
    }
}
