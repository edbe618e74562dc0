import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("UnitGenerator")
struct UnitGeneratorTests {
    func generator(zone: ZoneRules) -> UnitGenerator {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: zone, refreshLead: 2700)
        return UnitGenerator(
            executable: "/usr/bin/dailyquote", configArgument: nil, config: .defaults,
            schedule: .calendar(for: planner, now: Zones.instant("2026-11-22T06:00:00Z")), zone: zone,
            permanentExitStatuses: [1, 64, 65, 70, 71, 73, 78])
    }

    func content(_ units: [SystemdUnit], _ name: String) -> String { units.first { $0.name == name }?.content ?? "" }

    @Test("Both services carry the zone the timers name, and it reads back; a zone without a name sets none")
    func zoneInServices() {
        let units = generator(zone: Zones.named("Asia/Tokyo")).units
        for name in ["dailyquote-notify.service", "dailyquote-refresh.service"] {
            #expect(content(units, name).contains("\nEnvironment=TZ=:Asia/Tokyo\n"), "\(name)")
            #expect(ZoneAgreement.unitZone(content(units, name)) == "Asia/Tokyo")
        }
        var unnamed = Zones.named("Europe/Berlin")
        unnamed.identifier = "localtime"
        let notify = content(generator(zone: unnamed).units, "dailyquote-notify.service")
        #expect(notify.contains("ExecStart="))
        #expect(!notify.contains("Environment=TZ="), "\(notify)")
    }

    @Test("The statuses it is given are not retried; the notify timer is accurate to 1 ms, the refresh timer to 1 s")
    func retryAndAccuracy() {
        let units = generator(zone: Zones.named("Asia/Tokyo")).units
        let notify = content(units, "dailyquote-notify.service")
        #expect(notify.contains("\nRestart=on-failure\n"))
        #expect(notify.contains("\nRestartPreventExitStatus=1 64 65 70 71 73 78 200 203 217 218 226 228 230 232\n"))
        #expect(content(units, "dailyquote-notify.timer").contains("\nAccuracySec=1ms\n"))
        #expect(content(units, "dailyquote-refresh.timer").contains("\nAccuracySec=1s\n"))
    }

    @Test("A refresh that falls back (exit 75) is a success of the refresh service; notify's 75 is still retried")
    func refreshFallBackSucceeds() {
        let units = generator(zone: Zones.named("Asia/Tokyo")).units
        #expect(content(units, "dailyquote-refresh.service").contains("\nSuccessExitStatus=75\n"))
        #expect(!content(units, "dailyquote-notify.service").contains("SuccessExitStatus="))
    }

    @Test("The notify service's start timeout outlasts catch_up while deliveries wait for presence, and not otherwise")
    func startTimeoutCoversPresenceWait() {
        let zone = Zones.named("Europe/Berlin")
        var unit = generator(zone: zone)
        // max(catch_up, 60 s) + 2 × notification.timeout (10 s) + 30 s.
        for (catchUp, seconds) in [(ConfigDuration.seconds(0), 110), (.hours(3), 10_850), (.hours(24), 86_450)] {
            unit.config.delivery.catchUp = catchUp
            #expect(unit.notifyStartTimeout == seconds, "\(catchUp)")
            #expect(content(unit.units, "dailyquote-notify.service").contains("\nTimeoutStartSec=\(seconds)s\n"), "\(catchUp)")
        }
        unit.config.delivery.waitForPresence = false
        #expect(content(unit.units, "dailyquote-notify.service").contains("\nTimeoutStartSec=40s\n"))
    }
}

extension UnitGeneratorTests {
    @Test(
        "A service whose binary is gone is skipped by its condition; systemd's cannot-start statuses are not retried; a start limit bounds the retries to the catch-up window"
    )
    func binaryGone() {
        var unit = generator(zone: Zones.named("Asia/Tokyo"))
        unit.executable = "/home/u/50% off/dailyquote"
        for name in ["dailyquote-notify.service", "dailyquote-refresh.service"] {
            #expect(content(unit.units, name).contains("\nConditionFileIsExecutable=/home/u/50%% off/dailyquote\n"), "\(name)")
        }
        let notify = content(unit.units, "dailyquote-notify.service")
        #expect(!notify.contains("StartLimitIntervalSec=0"))
        // catch_up 3 h: 360 retries 30 s apart fit in one window, and no more in two.
        #expect(notify.contains("\nStartLimitIntervalSec=21600s\nStartLimitBurst=362\n"), "\(notify)")
        unit.config.delivery.catchUp = .seconds(0)
        #expect(content(unit.units, "dailyquote-notify.service").contains("\nStartLimitIntervalSec=120s\nStartLimitBurst=4\n"))
        #expect(content(unit.units, "dailyquote-notify.service").contains(" 203 "))
    }

    @Test("The refresh timer's random delay stays under a quarter of the shortest distance between two slots")
    func randomDelayBetweenSlots() {
        var config = Config()
        #expect(UnitGenerator.shortestGap(config.delivery.rules) == 86_400)
        config.delivery.times = ["08:00", "08:04", "Sun 20:00"].map { DeliveryTime(parsing: $0)! }
        #expect(UnitGenerator.shortestGap(config.delivery.rules) == 240)
        let generator = UnitGenerator(
            executable: "/usr/bin/dailyquote", configArgument: nil, config: config,
            schedule: TimerSchedule(style: .calendar, notify: [], refresh: []), zone: Zones.named("UTC"), permanentExitStatuses: [])
        #expect(generator.refreshTimer.contains("RandomizedDelaySec=60s\n"))
    }
}

extension UnitGeneratorTests {
    /// Why `unit` could restart without end once `executable` is gone; empty if it cannot.
    ///
    /// A service that runs the binary needs the condition on it (skipped, not failed, so never
    /// restarted); one that is restarted also needs 203/EXEC among the statuses it is not restarted
    /// for (the binary gone between the condition and the start), and a start limit of its own.
    static func endlessRestarts(_ unit: String, executable: String) -> [String] {
        let lines = unit.split(separator: "\n").map(String.init)
        func values(_ key: String) -> [String] { lines.filter { $0.hasPrefix("\(key)=") }.map { String($0.dropFirst(key.count + 1)) } }
        var reasons: [String] = []
        let runsBinary = values("ExecStart").contains { $0.trimmingPrefix("-").hasPrefix(executable) }
        if runsBinary && !values("ConditionFileIsExecutable").contains(executable) { reasons.append("no condition on the binary") }
        guard let restart = values("Restart").last, restart != "no" else { return reasons }
        if !values("RestartPreventExitStatus").flatMap({ $0.split(separator: " ") }).contains("203") {
            reasons.append("203/EXEC restarted")
        }
        if ["0", "infinity", nil].contains(values("StartLimitIntervalSec").last) { reasons.append("no start limit of its own") }
        return reasons
    }

    @Test(
        "No unit install writes can restart without end once the binary is gone, for any config, the config watch included; 0.1.0's notify service could"
    )
    func noEndlessRestarts() {
        let old = OldInstallUnits.notifyService(executable: "/usr/bin/dailyquote")
        #expect(
            Self.endlessRestarts(old, executable: "/usr/bin/dailyquote")
                == ["no condition on the binary", "203/EXEC restarted", "no start limit of its own"])
        var configs: [Config] = []
        for catchUp in [ConfigDuration.seconds(0), .hours(3), .hours(24), .hours(24 * 7)] {
            for waits in [false, true] {
                var config = Config.defaults
                config.delivery.catchUp = catchUp
                config.delivery.waitForPresence = waits
                configs.append(config)
            }
        }
        for config in configs {
            var unit = generator(zone: Zones.named("Europe/Berlin"))
            unit.config = config
            let watch = ConfigWatchUnits(files: ["/home/u/.config/dailyquote/config.toml"], commands: [["/usr/bin/dailyquote", "install"]])
            for written in unit.units + watch.units {
                let reasons = Self.endlessRestarts(written.content, executable: "/usr/bin/dailyquote")
                #expect(reasons.isEmpty, "\(written.name) with catch_up \(config.delivery.catchUp): \(reasons)")
            }
        }
    }
}
