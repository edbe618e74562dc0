import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("UnitSandbox")
struct UnitSandboxTests {
    /// A `/proc/sys` stand-in with `values` (`user/max_user_namespaces` → `"0"`).
    func procSys(_ values: [String: String]) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        for (name, value) in values { try directory.write(name, value + "\n") }
        return directory
    }

    @Test("User namespaces count as on only where the kernel has them and neither Debian's nor Ubuntu's switch turns them off")
    func hostDetection() throws {
        let cases: [([String: String], Bool)] = [
            (["user/max_user_namespaces": "63471"], true),
            (["user/max_user_namespaces": "63471", "kernel/unprivileged_userns_clone": "1"], true),
            (["user/max_user_namespaces": "0"], false),
            ([:], false),
            (["user/max_user_namespaces": "63471", "kernel/unprivileged_userns_clone": "0"], false),
            (["user/max_user_namespaces": "63471", "kernel/apparmor_restrict_unprivileged_userns": "1"], false),
            (["user/max_user_namespaces": "63471", "kernel/apparmor_restrict_unprivileged_userns": "0"], true),
        ]
        for (values, expected) in cases {
            let directory = try procSys(values)
            #expect(UnitSandbox.hostAllowsUserNamespaces(procSys: directory.path) == expected, "\(values)")
        }
    }

    @Test(
        "Without user namespaces only what needs no privilege is written; with them the system is read-only but for dailyquote's directories"
    )
    func lines() {
        let directories = ["/home/u/.cache/dailyquote", "/home/u/.local/state/dailyquote", "/home/u/.local/share/dailyquote"]
        let plain = UnitSandbox(userNamespaces: false, ownDirectories: directories, optionalDirectories: ["/home/u/.config/systemd/user"])
        #expect(plain.lines(display: true) == UnitSandbox.unprivileged)
        for setting in [
            "PrivateUsers", "CapabilityBoundingSet", "PrivateTmp", "ProtectSystem", "ProtectHome", "ReadWritePaths", "ExecStartPre",
        ] {
            #expect(!plain.lines().contains(setting), "\(setting)")
        }
        var sandbox = plain
        sandbox.userNamespaces = true
        let lines = sandbox.lines().split(separator: "\n").map(String.init)
        for line in UnitSandbox.unprivileged.split(separator: "\n").map(String.init) + [
            "PrivateUsers=yes", "CapabilityBoundingSet=", "PrivateTmp=yes", "ProtectSystem=strict", "ProtectHome=read-only",
            "ExecStartPre=+mkdir -p " + directories.joined(separator: " "),
            "ReadWritePaths=-/home/u/.cache/dailyquote", "ReadWritePaths=-/home/u/.local/state/dailyquote",
            "ReadWritePaths=-/home/u/.local/share/dailyquote", "ReadWritePaths=-/home/u/.config/systemd/user",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(lines.filter { $0.hasPrefix("ReadWritePaths=") }.count == 4)
        #expect(!lines.contains("BindReadOnlyPaths=-/tmp/.X11-unix"))
        #expect(sandbox.lines(display: true).hasSuffix("\nBindReadOnlyPaths=-/tmp/.X11-unix"))
    }

    @Test(
        "A session whose bus socket, runtime directory, display authority, home, base directories or config lie under /tmp or /var/tmp gets no private /tmp; an abstract bus socket or /tmpfoo does not count"
    )
    func sessionUnderTmp() {
        let home = ["HOME": "/home/u", "XDG_RUNTIME_DIR": "/run/user/1000"]
        let cases: [([String: String], [String])] = [
            (home, []),
            (home.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]) { $1 }, []),
            (home.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x,guid=1"]) { $1 }, []),
            (home.merging(["XAUTHORITY": "/tmpfoo/xauth"]) { $1 }, []),
            (
                home.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/a;unix:path=/tmp/dbus-x,guid=1"]) { $1 },
                ["DBUS_SESSION_BUS_ADDRESS=unix:abstract=/tmp/a;unix:path=/tmp/dbus-x,guid=1"]
            ),
            (home.merging(["XAUTHORITY": "/tmp/xauth_AbCd"]) { $1 }, ["XAUTHORITY=/tmp/xauth_AbCd"]),
            (home.merging(["XDG_CACHE_HOME": "/var/tmp/cache"]) { $1 }, ["XDG_CACHE_HOME=/var/tmp/cache"]),
            // What lies inside a path already named is not named again.
            (
                [
                    "HOME": "/tmp/h", "XDG_CONFIG_HOME": "/tmp/h/config", "XDG_RUNTIME_DIR": "/tmp/r",
                    "DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/r/bus",
                ],
                ["HOME=/tmp/h", "XDG_RUNTIME_DIR=/tmp/r"]
            ),
        ]
        for (environment, expected) in cases {
            #expect(UnitSandbox.sessionTmpPaths(environments: [environment]) == expected, "\(environment)")
        }
        // The user manager's environment counts beside this process's; a config file given with --config too.
        #expect(UnitSandbox.sessionTmpPaths(environments: [home, ["XAUTHORITY": "/tmp/x"]]) == ["XAUTHORITY=/tmp/x"])
        #expect(UnitSandbox.sessionTmpPaths(environments: [home], files: ["/tmp/c.toml"]) == ["/tmp/c.toml"])

        let paths = AppPaths(environment: home)
        let privateSandbox = UnitSandbox(paths: paths, environments: [home])
        #expect(privateSandbox.privateTmp)
        var shared = UnitSandbox(paths: paths, environments: [home], files: ["/tmp/c.toml"])
        #expect(!shared.privateTmp)
        shared.userNamespaces = true
        let lines = shared.lines(display: true).split(separator: "\n").map(String.init)
        #expect(!lines.contains("PrivateTmp=yes") && !lines.contains { $0.hasPrefix("BindReadOnlyPaths=") }, "\(lines)")
        #expect(lines.contains("PrivateUsers=yes") && lines.contains("ProtectSystem=strict") && lines.contains("PrivateDevices=yes"))
    }

    @Test("The lines that need a user namespace are exactly those the sandbox leaves out without them")
    func needsUserNamespace() {
        let directories = ["/home/u/.cache/dailyquote", "/home/u/.local/state/dailyquote"]
        let sandbox = UnitSandbox(userNamespaces: true, ownDirectories: directories, optionalDirectories: ["/home/u/.config/systemd/user"])
        let without = UnitSandbox(userNamespaces: false, ownDirectories: directories)
        for display in [false, true] {
            let kept = sandbox.lines(display: display).split(separator: "\n").filter { !UnitSandbox.needsUserNamespace($0) }
            #expect(kept.joined(separator: "\n") == without.lines(display: display))
        }
        #expect(!UnitSandbox.needsUserNamespace("NoNewPrivileges=yes"))
        #expect(!UnitSandbox.needsUserNamespace("ExecStart=/usr/bin/dailyquote notify"))
        #expect(UnitSandbox.needsUserNamespace("ProtectClock=yes"))
    }

    @Test("A directory with a space or a percent sign reads back as itself")
    func quoting() {
        let sandbox = UnitSandbox(userNamespaces: true, ownDirectories: ["/home/u/50% off/state"])
        let lines = sandbox.lines()
        #expect(
            lines.contains("\nReadWritePaths=\"-/home/u/50%% off/state\"\n")
                || lines.hasSuffix("\nReadWritePaths=\"-/home/u/50%% off/state\""))
        #expect(lines.contains("\nExecStartPre=+mkdir -p \"/home/u/50%% off/state\""))
    }

    @Test("The packaged action service and config watch carry the sandbox a user manager applies without privileges")
    func packagedUnits() throws {
        for file in ["packaging/systemd-user/dailyquote-config.service", "packaging/dbus/io.github.dailyquote.DailyQuote.user-unit.in"] {
            let text = try String(contentsOfFile: "\(RepositoryPaths.root)/\(file)", encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            for line in ConfigWatchUnits.hardening.split(separator: "\n").map(String.init) {
                #expect(lines.contains(line), "\(file): \(line)")
            }
        }
    }

    /// `systemd-analyze security --user --offline=true`'s overall exposure of `unit` (10 the worst),
    /// and whether it is at most `threshold` (on its scale of 0-100).
    static func exposure(of unit: SystemdUnit, threshold: Int) throws -> (score: Double?, within: Bool, output: String) {
        let directory = TemporaryDirectory()
        let file = try directory.write(unit.name, unit.content)
        try FileManager.default.createDirectory(atPath: directory.url("runtime"), withIntermediateDirectories: true)
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["systemd-analyze", "security", "--user", "--offline=true", "--threshold=\(threshold)", file],
            environment: RepositoryPaths.environment(["XDG_RUNTIME_DIR": directory.url("runtime")]))
        let line = result.stdout.split(separator: "\n").last { $0.contains("Overall exposure level") } ?? ""
        let score = line.split(separator: " ").compactMap { Double($0) }.first
        return (score, result.status == 0, result.stdout + result.stderr)
    }

    @Test(
        "systemd-analyze rates the notify and refresh services OK (below 5.0) where user namespaces are on, and every service, the action service and the config watch included, no worse than MEDIUM (below 7.5)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "needs systemd-analyze"))
    func exposure() throws {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: Zones.named("Europe/Berlin"), refreshLead: 2700)
        let paths = AppPaths(environment: ["HOME": "/home/u"])
        func services(userNamespaces: Bool) -> [SystemdUnit] {
            var sandbox = UnitSandbox(paths: paths)
            sandbox.userNamespaces = userNamespaces
            let units = UnitGenerator(
                executable: "/usr/bin/dailyquote", configArgument: nil, config: .defaults,
                schedule: .calendar(for: planner, now: Zones.instant("2026-11-22T06:00:00Z")), zone: Zones.named("Europe/Berlin"),
                permanentExitStatuses: [1, 64], sandbox: sandbox
            ).units
            return units.filter { $0.name.hasSuffix(".service") }
        }
        let watch = [ConfigWatchUnits.reloadCommands, [["/usr/bin/dailyquote", "install"]]].map {
            ConfigWatchUnits(files: ["/home/u/.config/dailyquote/config.toml"], commands: $0).units[1]
        }
        let packaged = try [
            ("dailyquote-config.service", "packaging/systemd-user/dailyquote-config.service"),
            ("io.github.dailyquote.DailyQuote.service", "packaging/dbus/io.github.dailyquote.DailyQuote.user-unit.in"),
        ].map { name, file in
            SystemdUnit(
                name: name,
                content: try String(contentsOfFile: "\(RepositoryPaths.root)/\(file)", encoding: .utf8).replacing(
                    "@BINDIR@", with: "/usr/bin"))
        }
        for unit in services(userNamespaces: true) {
            let rated = try Self.exposure(of: unit, threshold: 49)
            print("systemd-analyze security: \(unit.name) \(rated.score.map { String($0) } ?? "?") (user namespaces on)")
            #expect(rated.within, "\(unit.name): \(rated.output)")
        }
        for unit in services(userNamespaces: false) + watch + packaged {
            let rated = try Self.exposure(of: unit, threshold: 74)
            print("systemd-analyze security: \(unit.name) \(rated.score.map { String($0) } ?? "?")")
            #expect(rated.within, "\(unit.name): \(rated.output)")
        }
    }
}
