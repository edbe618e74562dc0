import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("Doctor")
struct DoctorTests {
    static let config = "/home/ada/.config/dailyquote/config.toml"
    static let entry = "/etc/xdg/autostart/dailyquote.desktop"
    static let manager = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "DISPLAY": ":0"]

    /// A doctor for `engine`, whose user manager is never asked here (its environment is passed to the checks).
    func doctor(_ engine: StatusReport.Engine, autostartEntry: String? = nil) -> Doctor {
        var doctor = Doctor(
            environment: [:], loaded: LoadedConfig(config: .defaults, path: Self.config, fileExists: true), configError: nil,
            paths: AppPaths(root: "/nonexistent"), engine: engine, systemctl: Systemctl(subprocess: Subprocess(environment: [:])),
            serverInfo: { throw DeliveryError.noServer }, probeSource: nil)
        doctor.autostartEntry = autostartEntry
        return doctor
    }

    static let none = StatusReport.Engine(
        kind: "none", unitsInstalled: [], timersEnabled: false, unitsInSync: false, unitsHorizonEnd: nil, runProcess: false)

    static var off: StatusReport.Engine {
        var engine = none
        engine.kind = "off"
        engine.turnedOffIn = config
        return engine
    }

    @Test("The opt-out is no failure: it is reported as such, with and without a user manager")
    func turnedOff() {
        let words =
            "off: you turned the quotes off in \(Self.config) (`enabled = false` under [delivery]); to turn them on again, set `enabled = true` there"
        let under = doctor(Self.off).managerChecks(Self.manager)
        #expect(under.allSatisfy { $0.ok }, "\(under)")
        #expect(under.last == DoctorCheck("units", ok: true, words))
        #expect(doctor(Self.off, autostartEntry: Self.entry).managerChecks(nil) == [DoctorCheck("scheduler", ok: true, words)])
        // Not turned off: no units and no scheduler under a user manager is still a failure.
        #expect(doctor(Self.none).managerChecks(Self.manager).last?.ok == false)
    }

    @Test("Without a user manager the active autostart entry is the engine; without one either, that is a failure")
    func autostartEntry() {
        #expect(
            doctor(Self.none, autostartEntry: Self.entry).managerChecks(nil) == [
                DoctorCheck(
                    "scheduler", ok: true,
                    "no systemd user manager; the autostart entry \(Self.entry) starts `dailyquote run` at each login")
            ])
        var installed = Self.none
        installed.unitsInstalled = SystemdUnit.names
        #expect(doctor(installed, autostartEntry: Self.entry).managerChecks(nil).allSatisfy { $0.ok })
        let alone = doctor(Self.none).managerChecks(nil)
        #expect(alone.count == 1 && alone[0].ok == false && alone[0].name == "systemd user manager", "\(alone)")
    }
}
