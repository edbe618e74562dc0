import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    /// The result of running the binary as `dailyquote-generator OUT OUT OUT` in `sandbox`, and
    /// the output directory.
    static func runGenerator(_ sandbox: Sandbox) throws -> (result: ProcessResult, directory: String) {
        let link = sandbox.home.url("bin/dailyquote-generator")
        if !FileManager.default.fileExists(atPath: link) {
            try FileManager.default.createDirectory(atPath: sandbox.home.url("bin"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: RepositoryPaths.binary)
        }
        let directory = sandbox.home.url("generator")
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try ProcessRunner.run(link, [directory, directory + ".early", directory + ".late"], environment: sandbox.environment)
        return (result, directory)
    }

    /// Every file and link under `directory`, sorted, as one text, with machine paths replaced.
    static func generatorText(_ sandbox: Sandbox, _ directory: String) throws -> String {
        let manager = FileManager.default
        var text = ""
        for relative in (manager.subpaths(atPath: directory) ?? []).sorted() {
            let path = "\(directory)/\(relative)"
            if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
                text += "# \(relative) -> \(target)\n"
            } else if let content = try? String(contentsOfFile: path, encoding: .utf8) {
                text += "# \(relative)\n\(content)"
            }
        }
        let binary = URL(fileURLWithPath: RepositoryPaths.binary).resolvingSymlinksInPath().path
        return text.replacingOccurrences(of: binary, with: "/usr/bin/dailyquote").replacingOccurrences(
            of: sandbox.home.path, with: "/home/u")
    }

    /// `systemd-analyze verify --user` on the unit files in `directory`; its complaints, or nil.
    static func verifyGenerated(_ sandbox: Sandbox, _ directory: String) throws -> String? {
        let runtime = sandbox.home.url("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix(".wants") }.sorted()
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["systemd-analyze", "verify", "--user", "--man=no"] + names.map { "\(directory)/\($0)" },
            environment: sandbox.environment.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
        // As in verifyUnits: other packages' notification services draw complaints that are not ours.
        let ours = result.stderr.split(separator: "\n").filter {
            !$0.hasPrefix("Failed to put bus name to hashmap")
                && !($0.contains(".service: Two services allocated") && !$0.hasPrefix("dailyquote-"))
        }
        return result.status == 0 && ours.isEmpty ? nil : "status \(result.status): \(result.stderr)"
    }

    @Test(
        "The user generator writes the units, the config watch and the wants links, as golden files say, and they verify",
        arguments: [
            ("", "", "generator-default.txt"),
            (
                "[delivery]\nhour = 6\nminute = 45\nweekdays = [\"sat\", \"sun\"]\ntime_zone = \"Europe/Berlin\"\n[refresh]\nlead = \"1h\"\n",
                "",
                "generator-custom-time.txt"
            ),
            ("[notification]\ntitle = \"Thought for the day\"\n", "[delivery]\nhour = 7\nminute = 30\n", "generator-system-config.txt"),
        ])
    func generatorGolden(user: String, system: String, golden: String) throws {
        let sandbox = Sandbox()
        if !user.isEmpty { _ = try sandbox.home.write("config/dailyquote/config.toml", user) }
        if !system.isEmpty { _ = try sandbox.home.write("xdg/dailyquote/config.toml", system) }
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try Self.generatorText(sandbox, directory)
        let expected = try GoldenFile.expectedUnits(golden, actual: text)
        #expect(text == expected, "\(GoldenFile.firstDifference(text, expected))")
        #expect(text.contains("# timers.target.wants/dailyquote-notify.timer -> ../dailyquote-notify.timer"))
        #expect(text.contains("# paths.target.wants/dailyquote-config.path -> ../dailyquote-config.path"))
        #expect(try Self.verifyGenerated(sandbox, directory) == nil)
        // The early and late directories stay empty: the user's own units must win.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory + ".early"))?.isEmpty ?? true)
    }

    @Test(
        "The generator's units are install's units, with the generator's header and SourcePath=",
        arguments: ["", "[delivery]\nhour = 21\nminute = 5\ntime_zone = \"Asia/Tokyo\"\n"])
    func generatorMatchesInstall(config: String) throws {
        let sandbox = Sandbox()
        if !config.isEmpty { _ = try sandbox.home.write("config/dailyquote/config.toml", config) }
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let install = try sandbox.run(["install", "--no-enable"])
        #expect(install.status == 0, "\(install.stderr)")
        for name in ["dailyquote-refresh.service", "dailyquote-refresh.timer", "dailyquote-notify.service", "dailyquote-notify.timer"] {
            let generated = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
            let installed = try String(contentsOfFile: sandbox.home.url("config/systemd/user/\(name)"), encoding: .utf8)
            let body = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("SourcePath=") } }
            #expect(body(generated) == body(installed), "\(name)")
            #expect(generated.hasPrefix("# Generated by dailyquote-generator"))
        }
    }

    @Test(
        "enabled = false in [delivery], in the user's file or the system's, makes the generator write nothing and say nothing",
        arguments: [("[delivery]\nenabled = false\n", ""), ("", "[delivery]\nhour = 9\nenabled = false\n")])
    func generatorDisabled(user: String, system: String) throws {
        let sandbox = Sandbox()
        if !user.isEmpty { _ = try sandbox.home.write("config/dailyquote/config.toml", user) }
        if !system.isEmpty { _ = try sandbox.home.write("xdg/dailyquote/config.toml", system) }
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        // The user's file turns it back on over the system's opt-out.
        if !system.isEmpty {
            _ = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nenabled = true\n")
            let again = try Self.runGenerator(sandbox)
            #expect(FileManager.default.fileExists(atPath: "\(again.directory)/dailyquote-notify.timer"))
            #expect(try String(contentsOfFile: "\(again.directory)/dailyquote-notify.timer", encoding: .utf8).contains("09:00:00"))
        }
    }

    @Test(
        "A broken config: the generator writes nothing, logs one line naming the file and line, and exits 0",
        arguments: [
            ("[delivery]\nhour = 25\n", "", "config/dailyquote/config.toml:2: delivery.hour:"),
            ("[delivery\nhour = 7\n", "", "config/dailyquote/config.toml:1:"),
            ("", "[notification]\n\nurgency = \"loud\"\n", "xdg/dailyquote/config.toml:3: notification.urgency:"),
            ("[delivery]\nenabled = \"no\"\n", "", "config/dailyquote/config.toml:2: delivery.enabled:"),
        ])
    func generatorBrokenConfig(user: String, system: String, location: String) throws {
        let sandbox = Sandbox()
        if !user.isEmpty { _ = try sandbox.home.write("config/dailyquote/config.toml", user) }
        if !system.isEmpty { _ = try sandbox.home.write("xdg/dailyquote/config.toml", system) }
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("dailyquote-generator: \(sandbox.home.path)/\(location)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; no units written\n"))
    }

    @Test("Under the journal (JOURNAL_STREAM set) the generator's line carries a warning priority")
    func generatorJournalPriority() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["JOURNAL_STREAM"] = "8:12345"
        _ = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 99\n")
        let (result, _) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("<4>dailyquote-generator: "), "\(result.stderr)")
    }

    @Test("The generator without its directory arguments prints a usage line and exits 64, writing nothing")
    func generatorUsage() throws {
        let sandbox = Sandbox()
        _ = try Self.runGenerator(sandbox)
        let result = try ProcessRunner.run(sandbox.home.url("bin/dailyquote-generator"), [], environment: sandbox.environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("usage: dailyquote-generator NORMAL-DIR"))
    }
}

extension CommandLineTests {
    @Test("The package's static config watch (packaging/systemd-user, with %E) passes systemd-analyze verify")
    func packagedWatchVerifies() throws {
        #expect(try Self.verifyGenerated(Sandbox(), "\(RepositoryPaths.root)/packaging/systemd-user") == nil)
    }

    @Test("A header's ${VAR} the generator's environment lacks: the timers are written all the same, and nothing is said")
    func generatorWithoutSecret() throws {
        let sandbox = Sandbox()
        try sandbox.home.write(
            "config/dailyquote/config.toml", "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${API_NINJAS_KEY}\" }\n")
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(written.contains("dailyquote-notify.timer") && written.contains("dailyquote-refresh.timer"), "\(written)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/timers.target.wants/dailyquote-notify.timer"))
    }
}

extension CommandLineTests {
    @Test("Near a DST change (Chatham 02:45) the generator lists the planned instants in UTC, renewed yearly; the units verify")
    func generatorAbsoluteStyle() throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 2\nminute = 45\ntime_zone = \"Pacific/Chatham\"\n")
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let notify = try String(contentsOfFile: "\(directory)/dailyquote-notify.timer", encoding: .utf8)
        let lines = notify.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasSuffix(" UTC") }, "\(notify)")
        #expect(!notify.contains("Pacific/Chatham"))
        let renewal = try String(contentsOfFile: "\(directory)/dailyquote-config.timer", encoding: .utf8)
        #expect(renewal.contains("OnCalendar=*-01-01 00:00:00 UTC"))
        #expect(FileManager.default.fileExists(atPath: "\(directory)/timers.target.wants/dailyquote-config.timer"))
        #expect(try Self.verifyGenerated(sandbox, directory) == nil)
    }

    @Test("Far from any DST change the generator keeps the calendar style and writes no renewal timer")
    func generatorCalendarStyle() throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 8\nminute = 0\ntime_zone = \"Pacific/Chatham\"\n")
        let (result, directory) = try Self.runGenerator(sandbox)
        #expect(result.status == 0)
        let notify = try String(contentsOfFile: "\(directory)/dailyquote-notify.timer", encoding: .utf8)
        #expect(notify.contains("OnCalendar=*-*-* 08:00:00 Pacific/Chatham\n"), "\(notify)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/dailyquote-config.timer"))
    }

    /// The whole-database check (every group of zones) runs as its own CI step; these cases
    /// are the ones issue 30 found and their neighbours.
    @Test("The generator's timers elapse exactly at the planner's instants over 2026-2030, as systemd computes them")
    func generatorAgreesWithPlanner() throws {
        let cases = [
            ("Pacific/Chatham", "02:45"), ("Pacific/Chatham", "03:30"), ("Europe/Berlin", "02:30"), ("Europe/Berlin", "08:00"),
            ("Australia/Lord_Howe", "02:15"), ("America/Santiago", "23:30"),
        ]
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            ["python3", RepositoryPaths.support("generator_dst_check.py"), RepositoryPaths.binary, "--jobs", "1"]
                + cases.flatMap { ["--case", $0.0, $0.1] },
            environment: RepositoryPaths.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("6 of 6 cases agree"), "\(result.stdout)")
    }
}
