import Foundation
import TestSupport
import Testing

/// `scripts/system-boundary`, the check that only the system seam and the few files its list
/// names import Glibc or a C target, and that only System/ calls C on bare descriptors and pids;
/// and with `--tests` that no test holds a shell or Python script in a string literal: on the
/// sources themselves, and on small trees that break the rules, so that it is seen to fail.
@Suite("System boundary")
struct SystemBoundaryTests {
    /// The end of the line the check prints for an import it does not allow.
    static let unlisted =
        "outside the system seam: use DailyQuoteSystem's types (or list the file, with why, in scripts/system-boundary's ALLOWED)"

    static func check(_ sources: String? = nil) throws -> ProcessResult {
        try ProcessRunner.python("scripts/system-boundary", sources.map { [$0] } ?? [])
    }

    static func checkTests(_ tests: String? = nil) throws -> ProcessResult {
        try ProcessRunner.python("scripts/system-boundary", ["--tests"] + (tests.map { [$0] } ?? []))
    }

    @Test("Only the seam and the listed files import C; nothing outside System/ calls C on a bare descriptor or pid")
    func sourcesKeepTheBoundary() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("C's calls outside System/ fail, with file and line; inside System/ they pass")
    func bareCallsFail() throws {
        let directory = TemporaryDirectory()
        try directory.write("DailyQuoteKit/Delivery/Poster.swift", "func post(fd: Int32) {\n    _ = close(fd)\n    kill(pid, SIGTERM)\n}\n")
        try directory.write("DailyQuoteSystem/System/Descriptor.swift", "func end(fd: Int32) { _ = close(fd) }\n")
        try directory.write("dailyquote/Hold.swift", "let n = write(1, bytes, count)\n")
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init).sorted() == [
                "DailyQuoteKit/Delivery/Poster.swift:2: close( outside System/: use the system layer's types",
                "DailyQuoteKit/Delivery/Poster.swift:3: kill( outside System/: use the system layer's types",
                "dailyquote/Hold.swift:1: write( outside System/: use the system layer's types",
            ])
    }

    @Test(
        "Forking, exec, spawning, opening, signal handling and the process's own state (environment, locale, ids) outside System/ fail too",
        arguments: [
            "let pid = fork()", "_ = vfork()", "execv(path, argv)", "execve(path, argv, envp)", "execvp(name, argv)",
            "posix_spawn(&pid, path, nil, nil, argv, envp)", "posix_spawnp(&pid, name, nil, nil, argv, envp)",
            "let fd = open(path, O_RDONLY)", "openat(AT_FDCWD, path, O_RDONLY)", "sigaction(SIGTERM, &action, nil)",
            "pthread_sigmask(SIG_BLOCK, &set, nil)", "sigprocmask(SIG_BLOCK, &set, nil)", "socket(AF_UNIX, SOCK_STREAM, 0)",
            "let home = getenv(name)", "setenv(name, value, 1)", "unsetenv(name)", "setlocale(LC_MESSAGES, locale)",
            "let me = getpid()", "let user = getuid()", "_ = isatty(0)", "usleep(2000)", "_ = access(path, X_OK)",
            "_ = rename(path, aside)",
        ])
    func processAndSignalCallsFail(call: String) throws {
        let directory = TemporaryDirectory()
        try directory.write("DailyQuoteKit/Delivery/Holder.swift", "func start() {\n    \(call)\n}\n")
        let called = call.split(separator: "(")[0].split(separator: " ").last.map(String.init) ?? ""
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(result.stdout == "DailyQuoteKit/Delivery/Holder.swift:2: \(called)( outside System/: use the system layer's types\n")
    }

    @Test(
        "A file outside the seam that imports Glibc and is not on the list fails, whatever C it calls",
        arguments: [
            "_exit(0)", "_ = setsid()", "unlink(path)", "readlink(path, &buffer, buffer.count)", "chdir(\"/\")",
            "pthread_kill(thread, SIGTERM)", "syscall(SYS_gettid)", "signalfd(-1, &mask, 0)", "socketpair(AF_UNIX, SOCK_STREAM, 0, &pair)",
            "epoll_create1(0)", "prctl(PR_SET_NAME, name)", "select(0, nil, nil, nil, &timeout)", "mkfifo(path, 0o600)", "sleep(1)",
            "setpgid(0, 0)", "let variables = environ",
        ])
    func unlistedGlibcImportsFail(call: String) throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "DailyQuoteKit/Delivery/Holder.swift", "import DailyQuoteSystem\nimport Glibc\n\nfunc start() {\n    \(call)\n}\n")
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(result.stdout == "DailyQuoteKit/Delivery/Holder.swift:2: import Glibc \(Self.unlisted)\n")
    }

    @Test("Every form of import of Glibc or a C target fails outside the seam; a listed file may import only its own module")
    func importFormsFail() throws {
        let directory = TemporaryDirectory()
        try directory.write("DailyQuoteKit/Storage/Store.swift", "@preconcurrency import Glibc\nimport func Glibc.fsync\n")
        try directory.write("dailyquote/Run.swift", "import ArgumentParser\n    internal import CLinuxEvents\nimport CGio\n")
        try directory.write("DailyQuoteKit/Gio/GioBus.swift", "import CGio\nimport Glibc\n")
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init).sorted() == [
                "DailyQuoteKit/Gio/GioBus.swift:2: import Glibc \(Self.unlisted)",
                "DailyQuoteKit/Storage/Store.swift:1: import Glibc \(Self.unlisted)",
                "DailyQuoteKit/Storage/Store.swift:2: import Glibc \(Self.unlisted)",
                "dailyquote/Run.swift:2: import CLinuxEvents \(Self.unlisted)",
                "dailyquote/Run.swift:3: import CGio \(Self.unlisted)",
            ])
    }

    @Test("The seam, the listed files and imports in comments and strings pass; a listed file that no longer imports its module fails")
    func listedImportsPass() throws {
        let directory = TemporaryDirectory()
        try directory.write("DailyQuoteSystem/System/Descriptor.swift", "import CLinuxEvents\nimport Glibc\n")
        try directory.write("DailyQuoteSystem/Errors/Error+Message.swift", "import Glibc\n")
        try directory.write("DailyQuoteKit/Gio/GioBus.swift", "import CGio\n")
        try directory.write("DailyQuoteKit/Text/CharacterEncoding.swift", "import FoundationEssentials\nimport Glibc\n")
        try directory.write(
            "DailyQuoteKit/Delivery/Holder.swift",
            "import DailyQuoteSystem\nimport FoundationEssentials\n// import Glibc\nlet text = \"import Glibc\"\nlet important = 1\n")
        let passing = try Self.check(directory.path)
        #expect(passing.status == 0, "\(passing.stdout)")
        try directory.write("DailyQuoteKit/Gio/GioBus.swift", "import DailyQuoteSystem\n")
        let stale = try Self.check(directory.path)
        #expect(stale.status == 1)
        #expect(
            stale.stdout
                == "DailyQuoteKit/Gio/GioBus.swift: scripts/system-boundary allows it to import CGio, which it does not: take it off the list\n"
        )
    }

    @Test("A call written through the module, Glibc.name(…), fails outside System/ whatever its name")
    func moduleQualifiedCallsFail() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "DailyQuoteKit/Storage/Store.swift", "func end(fd: Int32) {\n    _ = Glibc.close(fd)\n    _ = Glibc.fsync(fd)\n}\n")
        try directory.write("DailyQuoteSystem/System/Descriptor.swift", "func end(fd: Int32) { _ = Glibc.close(fd) }\n")
        let result = try Self.check(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "DailyQuoteKit/Storage/Store.swift:2: Glibc.close( outside System/: use the system layer's types",
                "DailyQuoteKit/Storage/Store.swift:3: Glibc.fsync( outside System/: use the system layer's types",
            ])
    }

    @Test("Methods, labeled calls, a file's own functions, comments and strings are not C's calls")
    func lookalikesPass() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "DailyQuoteKit/Storage/Store.swift",
            """
            struct Store {
                func write(_ lines: [String]) {}
                func save() { write([]); marker.kill(); try? file.close(); read(at: "x") }
                // close(fd) in a comment
                let text = "kill(pid, 9)"
            }

            """)
        let result = try Self.check(directory.path)
        #expect(result.status == 0, "\(result.stdout)")
    }

    // The samples are one-line literals with escapes: written as the Swift they stand for, this
    // file would hold the very scripts the check looks for.

    @Test("A test's shell or Python in a string literal fails with file and line: \"-c\" to sh, bash or python3, a shebang, a script")
    func inlineScriptsFail() throws {
        let directory = TemporaryDirectory()
        try directory.write("EndToEndTests/RunTests.swift", "let r = try ProcessRunner.run(\n    \"/bin/bash\",\n    [\"-c\", script])\n")
        try directory.write("DailyQuoteKitTests/OracleTests.swift", "let zones = run([\"python3\", \"-c\", \"import zoneinfo\"])\n")
        try directory.write(
            "DailyQuoteKitTests/ChildTests.swift", "let child = try Child(path: \"/bin/sh\", arguments: [\"-c\", \"exit 3\"])\n")
        try directory.write(
            "EndToEndTests/SessionTests.swift",
            "let script = \"\"\"\n    #!/bin/sh\n    exit 0\n    \"\"\"\n"
                + "let posts = \"\"\"\n    \"$DQ\" notify --now >\"$W/out\"\n    \"\"\"\n"
                + "let python = \"\"\"\n    import json, sys\n    json.load(sys.stdin)\n    \"\"\"\n")
        let result = try Self.checkTests(directory.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init).sorted() == [
                "DailyQuoteKitTests/ChildTests.swift:1: \"-c\" hands a string to a shell or Python: move the script to a file",
                "DailyQuoteKitTests/OracleTests.swift:1: \"-c\" hands a string to a shell or Python: move the script to a file",
                "EndToEndTests/RunTests.swift:3: \"-c\" hands a string to a shell or Python: move the script to a file",
                "EndToEndTests/SessionTests.swift:2: a script in a \"\"\" string (it starts with #!/bin/sh): move it to a file",
                "EndToEndTests/SessionTests.swift:6: a script in a \"\"\" string (it reads as shell or Python): move it to a file",
                "EndToEndTests/SessionTests.swift:9: a script in a \"\"\" string (it reads as shell or Python): move it to a file",
            ])
    }

    @Test("A script run by its path, another tool's -c, a config, an expected output and a comment pass")
    func scriptsInFilesPass() throws {
        let directory = TemporaryDirectory()
        try directory.write(
            "EndToEndTests/HoldTests.swift",
            "// Not [\"bash\", \"-c\", script]: the script is a file.\n"
                + "let result = try ProcessRunner.run(RepositoryPaths.support(\"cli/hold.sh\"), [directory.path])\n"
                + "let shell = \"/bin/bash\"\n"
                + "let set = run([\"xfconf-query\", \"-c\", \"xfce4-notifyd\", \"-p\", \"/log-level\"])\n"
                + "let config = \"\"\"\n    [delivery]\n    hour = 7\n    \"\"\"\n"
                + "let expected = \"\"\"\n    would try, in order, within 20s:\n    1. fortune /usr/share/games/fortunes\n    \"\"\"\n")
        let result = try Self.checkTests(directory.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
    }

    @Test("No test holds shell or Python in a string literal")
    func testsHoldNoScripts() throws {
        let result = try Self.checkTests()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
