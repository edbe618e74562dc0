import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

/// Mistakes on the command line: each says what is wrong, in the command's own terms.
extension CommandLineTests {
    @Test(
        "A mistyped subcommand is named, with the closest command when there is one, in the one shape of a usage mistake (exit 64)",
        arguments: [
            (["bogus"], "dailyquote: error: unknown command 'bogus' (the commands are run, refresh, notify,"),
            (["version"], "uninstall, status, doctor); see 'dailyquote --help'\n"),
            (["notfy"], "dailyquote: error: unknown command 'notfy' (did you mean 'notify'?); see 'dailyquote --help'\n"),
            (
                ["-v", "shedule", "--count", "2"],
                "dailyquote: error: unknown command 'shedule' (did you mean 'schedule'?); see 'dailyquote --help'\n"
            ),
            (["config", "chek"], "dailyquote: error: unknown command 'chek' (did you mean 'check'?); see 'dailyquote config --help'\n"),
        ])
    func unknownCommand(arguments: [String], message: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage: dailyquote run"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(
        "A negative or zero count says what is wrong, not that the value is missing",
        arguments: [
            (["history", "--limit", "-1"], "--limit must be a positive whole number, not -1; see 'dailyquote history --help'\n"),
            (["history", "--limit", "0"], "--limit must be a positive whole number, not 0; see 'dailyquote history --help'\n"),
            (["schedule", "--count", "-3"], "--count must be between 1 and 1000, not -3; see 'dailyquote schedule --help'\n"),
        ])
    func negativeCounts(arguments: [String], message: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasSuffix(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }

    @Test("schedule --from with an unreadable time points at schedule's help")
    func scheduleFromUsage() throws {
        let result = try Sandbox().run(["schedule", "--from", "yesterday"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from: cannot read 'yesterday'"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; see 'dailyquote schedule --help'\n"), "\(result.stderr)")
    }

    @Test("Global options work anywhere, also between a command group and its subcommand")
    func globalOptionsAnywhere() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 6\n")
        for arguments in [
            ["config", "--config", config, "check"], ["config", "check", "--config", config],
            ["config", "-v", "--config=\(config)", "check"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "ok: \(config)\n", "\(arguments)")
        }
        let schedule = try sandbox.run(["schedule", "--count", "1", "--config", config, "--from", "2026-01-01 00:00"])
        #expect(schedule.stdout.contains("every day at 06:00"), "\(schedule.stderr)")
        #expect(try sandbox.run(["help", "schedule"]).stdout.contains("USAGE: dailyquote schedule"))
        // Bare, for scripts (packaging/build-deb.sh reads it): the one version of ReleaseVersion.swift.
        #expect(try sandbox.run(["--version"]).stdout == "\(ReleaseVersion.current)\n")
    }

    @Test("Bash completion offers the top-level options")
    func bashCompletionTopLevel() throws {
        let result = try Sandbox().run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        let topLevel = try #require(
            result.stdout.components(separatedBy: "\n_dailyquote_run()").first?.components(separatedBy: "_dailyquote() {").last)
        for option in ["--config", "--dry-run", "--verbose", "-v"] {
            #expect(topLevel.contains(option), "\(option) is not offered at the top level")
        }
    }

    @Test("Bash completion offers every file name after --config, in a directory without a .toml file too")
    func bashCompletionConfigFiles() throws {
        let sandbox = Sandbox()
        let script = try sandbox.home.write("dailyquote.bash", try sandbox.run(["--generate-completion-script", "bash"]).stdout)
        _ = try sandbox.home.write("configs/work.conf", "")
        _ = try sandbox.home.write("configs/home.toml", "")
        let result = try ProcessRunner.run(
            RepositoryPaths.support("cli/bash-complete-config.sh"), [script, sandbox.home.url("configs")], environment: sandbox.environment)
        #expect(result.stdout == "home.toml\nwork.conf\n", "\(result.stderr)")
    }

    @Test("schedule with lead = \"0\" says the refresh is at the same time, never \"refresh 0 before\"")
    func scheduleLeadZero() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[refresh]\nlead = \"0\"\n")
        let result = try sandbox.run(["schedule", "--config", config, "--count", "1"])
        #expect(result.stdout.contains("(refresh at the same time)"), "\(result.stdout)")
        #expect(!result.stdout.contains("refresh 0 before"))
    }
}

extension CommandLineTests {
    /// Runs the binary with `arguments` where /proc is an empty directory, as in a bare
    /// `debootstrap` chroot: a user and mount namespace with a tmpfs over /proc.
    static func runWithoutProc(_ sandbox: Sandbox, _ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(
            "/usr/bin/unshare",
            [
                "--user", "--map-root-user", "--mount", "--fork", RepositoryPaths.support("cli/without-proc.sh"), RepositoryPaths.binary,
            ]
                + arguments, environment: sandbox.environment)
    }

    @Test(
        "Without /proc (a bare chroot, a build environment) every command works, refresh and doctor's fetch from a server included"
    )
    func withoutProc() throws {
        let sandbox = Sandbox()
        let version = try Self.runWithoutProc(sandbox, ["--version"])
        #expect(version.status == 0 && version.stdout == "\(ReleaseVersion.current)\n", "\(version.status) \(version.stderr)")
        for arguments in [
            ["status"], ["schedule", "--count", "2"], ["config", "check"], ["config", "path"], ["notify", "--now", "--dry-run"],
        ] {
            let result = try Self.runWithoutProc(sandbox, arguments)
            #expect(result.status == 0, "\(arguments): \(result.status) \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(arguments) printed nothing")
        }
        // The fetch blocks the calling thread: no thread pool, which traps without /proc, is started.
        let server = try QuoteServer()
        let config = try sandbox.config("[[source]]\ntype = \"zenquotes\"\nurl = \"\(server.url("zen"))\"\n")
        let refresh = try Self.runWithoutProc(sandbox, ["refresh", "--config", config])
        #expect(refresh.status == 0 && refresh.stdout.contains("Very little is needed"), "\(refresh.status) \(refresh.stderr)")
        let doctor = try Self.runWithoutProc(sandbox, ["doctor", "--config", config])
        #expect(
            doctor.stdout.split(separator: "\n").contains { $0.contains("first source: ") && $0.contains("Very little is needed") },
            "\(doctor.status) \(doctor.stdout) \(doctor.stderr)")
    }
}

extension CommandLineTests {
    @Test(
        "A usage mistake reads in the program's one shape, one line (dailyquote: error: MISTAKE; see 'COMMAND --help', exit 64): without a command, dailyquote's help; with one, that command's",
        arguments: [
            (["--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote --help'\n"),
            (["-V"], "dailyquote: error: unknown option '-V'; see 'dailyquote --help'\n"),
            (["-v", "--config", "/nonexistent", "--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote --help'\n"),
            (["status", "--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote status --help'\n"),
            (["history", "--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote history --help'\n"),
            (
                ["--config", "/nonexistent", "history", "--bogus"],
                "dailyquote: error: unknown option '--bogus'; see 'dailyquote history --help'\n"
            ),
            (["run", "--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote run --help'\n"),
            (["config", "check", "--bogus"], "dailyquote: error: unknown option '--bogus'; see 'dailyquote config check --help'\n"),
            // Validation errors (ArgumentParser's ValidationError, thrown while parsing or running) and value errors.
            (
                ["history", "--limit", "0"],
                "dailyquote: error: --limit must be a positive whole number, not 0; see 'dailyquote history --help'\n"
            ),
            (
                ["history", "--limit", "abc"],
                "dailyquote: error: the value 'abc' is invalid for '--limit <limit>'; see 'dailyquote history --help'\n"
            ),
            (["favorites", "--remove", "0"], "dailyquote: error: --remove takes a favourite's number"),
            (["schedule", "--count"], "dailyquote: error: missing value for '--count <count>'; see 'dailyquote schedule --help'\n"),
            (["schedule", "--from", "yesterday"], "dailyquote: error: --from: cannot read 'yesterday'"),
        ])
    func usageStyle(arguments: [String], start: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(start), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
