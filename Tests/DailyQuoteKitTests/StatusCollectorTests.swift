import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("StatusCollector")
struct StatusCollectorTests {
    func collector(_ home: TemporaryDirectory, expected: [[SystemdUnit]] = []) -> StatusCollector {
        let paths = AppPaths(environment: ["HOME": home.path])
        return StatusCollector(
            loaded: LoadedConfig(config: .defaults, path: home.url("c.toml"), fileExists: false), configError: nil,
            planner: DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: Zones.named("Europe/Berlin"), refreshLead: 2700),
            paths: paths, ledger: DeliveryLedger(paths: paths), cache: QuoteCache(path: paths.quoteCache), expectedUnits: expected,
            now: Zones.instant("2026-11-22T06:00:00Z"),
            serverInfo: { throw DeliveryError.noServer })
    }

    @Test("The last day an absolute-style timer covers; nothing for a calendar-style one")
    func horizon() {
        #expect(
            StatusCollector.lastAbsoluteDay("OnCalendar=2029-11-01..30 13:00:00 UTC\nOnCalendar=2029-12-01..03,05 13:00:00 UTC\n")
                == "2029-12-05")
        #expect(StatusCollector.lastAbsoluteDay("OnCalendar=2029-12-31 13:00:00 UTC\n") == "2029-12-31")
        #expect(StatusCollector.lastAbsoluteDay("OnCalendar=*-*-* 08:00:00 Europe/Berlin\n") == nil)
    }

    @Test("The engine: none, then a held run marker, then installed units in or out of sync")
    func engine() throws {
        let home = TemporaryDirectory()
        #expect(collector(home).engine().kind == "none")
        let marker = try FileLock(path: AppPaths(environment: ["HOME": home.path]).runMarker, until: .after(seconds: 1), shared: true)
        #expect(collector(home).engine().kind == "run")
        let units = SystemdUnit.names.map { SystemdUnit(name: $0, content: "# \($0)\n") }
        _ = try UnitDirectory(path: home.url(".config/systemd/user")).write(units)
        let engine = collector(home, expected: [units]).engine()
        #expect(engine.kind == "systemd+run")
        #expect(engine.unitsInSync)
        #expect(!engine.timersEnabled)
        #expect(!collector(home, expected: [[SystemdUnit(name: "dailyquote-notify.timer", content: "other")]]).engine().unitsInSync)
        withExtendedLifetime(marker) {}
    }

    @Test("The report: next delivery and refresh relative to now; the server's failure is kept")
    func report() {
        let report = collector(TemporaryDirectory()).collect()
        #expect(report.nextDelivery == .init(at: "2026-11-22T08:00:00+01:00", inSeconds: 3600, relative: "in 1h", slot: "08:00"))
        #expect(report.nextRefresh?.at == "2026-11-22T07:15:00+01:00")
        #expect(report.notificationServerError == DeliveryError.noServer.errorDescription)
        #expect(report.text.contains("next delivery:  2026-11-22T08:00:00+01:00 (in 1h)"))
    }

    @Test("With an invalid config nothing is next, and the text says so instead of the defaults' rule")
    func invalidConfig() {
        var invalid = collector(TemporaryDirectory())
        invalid.configError = "/c.toml:2: delivery.hour: 25 is out of range"
        let report = invalid.collect()
        #expect(report.nextDelivery == nil && report.nextRefresh == nil)
        #expect(report.text.contains("rule:           none: the config is invalid (see above)"), "\(report.text)")
        #expect(report.text.contains("next delivery:  none while the config is invalid"), "\(report.text)")
        #expect(!report.text.contains("every day at"), "\(report.text)")
    }

    @Test("With enabled = false and nothing delivering anyway: engine off, nothing next, and the text says where and how to undo it")
    func turnedOff() throws {
        let home = TemporaryDirectory()
        var off = collector(home)
        let file = home.url("c.toml")
        off.loaded.config.delivery.enabled = false
        off.loaded.origins["delivery.enabled"] = ConfigValueOrigin(from: "user", file: file)
        off.autostartEntry = "/etc/xdg/autostart/dailyquote.desktop"
        let report = off.collect()
        #expect(report.engine.kind == "off" && report.engine.turnedOffIn == file)
        #expect(report.nextDelivery == nil && report.nextRefresh == nil)
        #expect(report.text.contains("next delivery:  none while the quotes are off\n"), "\(report.text)")
        #expect(
            report.text.contains(
                "engine:         off: you turned the quotes off in \(file) (`enabled = false` under [delivery]); to turn them on again, set `enabled = true` there\n"
            ), "\(report.text)")
        #expect(!report.text.contains("autostart"), "\(report.text)")
        let json = String(decoding: try JSONEncoder.dailyquote().encode(report), as: UTF8.self)
        #expect(!json.contains("nextDelivery") && json.contains("\"off\""), "\(json)")
        // A system file's opt-out: the user turns the quotes on in their own file.
        off.loaded.origins["delivery.enabled"] = ConfigValueOrigin(from: "system", file: "/etc/xdg/dailyquote/config.toml")
        #expect(
            off.collect().text.contains(
                "off: /etc/xdg/dailyquote/config.toml turns the quotes off for everyone (`enabled = false` under [delivery]); to turn them on for you, set `enabled = true` under [delivery] in \(file)"
            ))
        // install's units deliver whatever the key says (install was run by hand): not off.
        _ = try UnitDirectory(path: home.url(".config/systemd/user")).write(SystemdUnit.names.map { SystemdUnit(name: $0, content: "") })
        #expect(off.engine().kind == "systemd" && off.engine().turnedOffIn == nil)
        #expect(off.collect().nextDelivery != nil)
    }

    @Test("The autostart entry is named as what delivers only where no user manager answers: under one, its run stands aside")
    func autostartUnderManager() {
        var collector = collector(TemporaryDirectory())
        collector.autostartEntry = "/etc/xdg/autostart/dailyquote.desktop"
        #expect(collector.collect().text.contains("the autostart entry /etc/xdg/autostart/dailyquote.desktop starts"))
        collector.managerAnswers = { true }
        #expect(!collector.collect().text.contains("autostart"))
    }

    @Test("The text translates the rule and the server's failure from the values it keeps; the JSON has neither")
    func translatedRuleAndFailure() throws {
        let report = collector(TemporaryDirectory()).collect()
        let tr = Translator(
            languages: ["de"],
            lookup: .table([
                "every day": "täglich", "%1$s at %2$s": "%1$s um %2$s",
                "no notification server on the session bus (org.freedesktop.Notifications); start one (dunst, mako, your desktop's) or check DBUS_SESSION_BUS_ADDRESS":
                    "kein Benachrichtigungsdienst",
            ]))
        #expect(report.text(tr).contains("täglich um 08:00, Europe/Berlin"), "\(report.text(tr))")
        #expect(report.text(tr).contains("unavailable: kein Benachrichtigungsdienst\n"), "\(report.text(tr))")
        let json = String(decoding: try JSONEncoder.dailyquote().encode(report), as: UTF8.self)
        #expect(!json.contains("rules") && !json.contains("notificationServerFailure"), "\(json)")
        #expect(json.contains("every day at 08:00"), "\(json)")
    }

    @Test("The time zone warning and the presence wait read the same in English as their JSON text, and translate")
    func translatedWarnings() {
        let table = Translator(
            languages: ["de"],
            lookup: .table([
                "the installed timers plan in %1$s, this session in %2$s: run `dailyquote install` again": "Timer in %1$s, Sitzung in %2$s",
                "waiting for you to unlock (since %1$s, until %2$s)": "wartet (seit %1$s, bis %2$s)",
            ]))
        let zones = ZoneAgreement(session: "Asia/Tokyo", manager: nil, units: "Etc/UTC", configNamesZone: false)
        #expect(zones.warning(.english) == zones.warning)
        #expect(zones.warning(table) == "Timer in Etc/UTC, Sitzung in Asia/Tokyo")
        let managerOnly = ZoneAgreement(session: "Asia/Tokyo", manager: "Etc/UTC", units: nil, configNamesZone: false)
        #expect(managerOnly.warning(.english) == managerOnly.warning)
        #expect(ZoneAgreement(session: "Etc/UTC", manager: nil, units: "Etc/UTC", configNamesZone: false).warning(table) == nil)
        let waiting = StatusReport.PresenceWaiting(
            pid: 1, reason: .locked, planned: "2026-11-22T08:00:00+01:00", since: "2026-11-22T08:00:00+01:00",
            until: "2026-11-22T11:00:00+01:00", text: "waiting for you to unlock (since 08:00, until 11:00)")
        #expect(waiting.text(.english) == waiting.text)
        #expect(waiting.text(table) == "wartet (seit 08:00, bis 11:00)")
    }
}
