import Foundation
import TestSupport
import Testing

/// The holder (`notification.hold`): a small process that `notify` leaves behind to keep the
/// notification on servers that keep notifications (`persistence`), against python3-dbusmock's
/// notification server, whose capabilities the test chooses and which closes notifications on demand.
extension CommandLineTests {
    /// Runs `script` against the harness's `mock` server with `$DQ`, `$W` and the sandbox's
    /// environment; the harness ends every holder left behind.
    static func mockSession(_ sandbox: Sandbox, capabilities: String, _ script: String) throws -> (ProcessResult, (String) -> String) {
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["MOCK_CAPABILITIES"] = capabilities
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"), ["--server", "mock", "bash", "-c", "set -u\n" + script],
            environment: environment)
        return (result, { name in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" })
    }

    /// `"$DQ" status --json`'s holder PID, or empty.
    static let holderPID =
        #"holder_pid() { "$DQ" status --json 2>/dev/null | python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); "#
        + #"print(h["pid"] if h else "")'; }"#

    @Test("On a server with persistence, notify exits at once and a holder keeps the notification until the server closes it")
    func holderKeepsUntilClosed() throws {
        let sandbox = Sandbox()
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: "body body-markup persistence",
            """
            \(Self.holderPID)
            "$DQ" notify --now >"$W/now.out" 2>"$W/now.err"; echo $? >"$W/now.rc"
            pid=$(holder_pid); echo "$pid" >"$W/pid"
            [ -n "$pid" ] && kill -0 "$pid" && echo alive >"$W/alive"
            "$DQ" status >"$W/status.txt" 2>/dev/null
            "$NOTIFICATION_SERVER" close 1 2
            for _ in $(seq 100); do [ -s "$XDG_STATE_HOME/dailyquote/closed.jsonl" ] && break; sleep 0.05; done
            for _ in $(seq 100); do [ -z "$(holder_pid)" ] && break; sleep 0.05; done
            holder_pid >"$W/pid-after"
            "$DQ" history --json >"$W/history.json"
            "$DQ" history >"$W/history.txt"
            grep -c 'Notify "dailyquote"' "$MOCK_LOG" >"$W/notify-count"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("now.out").hasPrefix("posted "))
        #expect(file("alive") == "alive\n", "no live holder: \(file("now.err"))")
        #expect(file("status.txt").contains("holding:"), "\(file("status.txt"))")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the holder did not end")
        #expect(file("notify-count") == "1\n")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["closedReason"] as? String == "dismissed", "\(file("history.json"))")
        #expect(entries.first?["closedAt"] is Int)
        #expect(file("history.txt").contains("(dismissed "), "\(file("history.txt"))")
    }

    @Test("The holder keeps no caller's pipe open: `notify --now 2>&1 | cat` ends while it holds; a file and the journal stream it shares")
    func holderLeavesStandardError() throws {
        let sandbox = Sandbox()
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: "body body-markup persistence",
            """
            \(Self.holderPID)
            timeout 20 bash -c '"$DQ" notify --now 2>&1 | cat' >"$W/piped.out"; echo $? >"$W/piped.rc"
            pid=$(holder_pid)
            [ -n "$pid" ] && kill -0 "$pid" && echo alive >"$W/alive"
            readlink "/proc/$pid/fd/2" >"$W/stderr-link"
            kill -TERM "$pid"
            for _ in $(seq 100); do [ -z "$(holder_pid)" ] && break; sleep 0.05; done
            "$DQ" notify --now >/dev/null 2>>"$W/file.err"
            pid=$(holder_pid)
            readlink "/proc/$pid/fd/2" >"$W/file-link"
            kill -TERM "$pid"
            for _ in $(seq 100); do [ -z "$(holder_pid)" ] && break; sleep 0.05; done
            # A journal stream is a socket (here a FIFO) that JOURNAL_STREAM names by device and inode.
            mkfifo "$W/journal"
            cat "$W/journal" >/dev/null &
            (exec 2>"$W/journal"; JOURNAL_STREAM=$(stat -c '%d:%i' "$W/journal") "$DQ" notify --now >/dev/null)
            pid=$(holder_pid)
            readlink "/proc/$pid/fd/2" >"$W/journal-link"
            kill -TERM "$pid"
            wait
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("piped.rc") == "0\n", "the pipe waited for the holder: \(file("piped.out"))")
        #expect(file("piped.out").hasPrefix("posted "), "\(file("piped.out"))")
        #expect(file("alive") == "alive\n", "no live holder: \(file("piped.out"))")
        #expect(file("stderr-link") == "/dev/null\n")
        #expect(file("file-link").hasSuffix("/file.err\n"), "\(file("file-link"))")
        #expect(file("journal-link").hasSuffix("/journal\n"), "\(file("journal-link"))")
    }

    @Test(
        "The next delivery is a new notification, never the held one replaced in place: the old holder closes its own, recorded as replaced"
    )
    func nextDeliveryReplaces() throws {
        let sandbox = Sandbox()
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: "body body-markup persistence actions",
            """
            \(Self.holderPID)
            "$DQ" notify --now >/dev/null 2>"$W/err1"; first=$(holder_pid)
            "$DQ" notify --now >/dev/null 2>"$W/err2"; second=$(holder_pid)
            echo "$first $second" >"$W/pids"
            for _ in $(seq 200); do grep -q 'CloseNotification 1$' "$MOCK_LOG" && break; sleep 0.05; done
            grep -c 'CloseNotification 1$' "$MOCK_LOG" >"$W/closed-first"
            grep -c 'Notify "dailyquote" 1 ' "$MOCK_LOG" >"$W/in-place"
            kill -0 "$first" 2>/dev/null && echo alive >"$W/first-alive"
            kill -TERM "$second"
            for _ in $(seq 100); do [ -z "$(holder_pid)" ] && break; sleep 0.05; done
            holder_pid >"$W/pid-after"
            "$DQ" history --json >"$W/history.json"
            grep -c 'Notify "dailyquote"' "$MOCK_LOG" >"$W/notify-count"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pids.count == 2 && pids[0] != pids[1] && !pids[0].isEmpty, "\(file("pids")) \(file("err1")) \(file("err2"))")
        #expect(file("closed-first") == "1\n", "the first holder did not close its notification")
        #expect(file("in-place") == "0\n", "the second Notify replaced the first in place (replaces_id 1)")
        #expect(file("first-alive").isEmpty, "the first holder did not end")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "SIGTERM did not end the holder")
        #expect(file("notify-count") == "2\n", "a holder posted again")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.map { $0["closedReason"] as? String } == ["replaced", nil], "\(file("history.json"))")
    }

    @Test(
        "notify's holder is a copy of notify, not a new program: it reads `<notify's argv[0]> hold`, keeps none of notify's descriptors, and the next delivery replaces it"
    )
    func holderIsForked() throws {
        let sandbox = Sandbox()
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: "body body-markup persistence actions",
            """
            \(Self.holderPID)
            # Started through a link of another name: a forked holder keeps that name as argv[0]; a
            # started one is the resolved binary (/proc/self/exe).
            ln -s "$DQ" "$W/dailyquote-link"
            "$W/dailyquote-link" notify --now >/dev/null 2>"$W/err1" 9>"$W/extra"; first=$(holder_pid)
            tr '\\0' '\\n' <"/proc/$first/cmdline" >"$W/cmdline"
            for fd in /proc/$first/fd/*; do readlink "$fd"; done >"$W/fds"
            "$W/dailyquote-link" notify --now >/dev/null 2>"$W/err2"; second=$(holder_pid)
            kill -0 "$first" 2>/dev/null && echo alive >"$W/first-alive"
            echo "$first $second" >"$W/pids"
            kill -TERM "$second"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let words = file("cmdline").split(separator: "\n")
        #expect(
            words.count == 2 && words.first?.hasSuffix("/dailyquote-link") == true && words.last == "hold",
            "\(file("cmdline")) \(file("err1"))")
        #expect(!file("fds").contains("/extra"), "the holder kept notify's descriptor: \(file("fds"))")
        #expect(!file("fds").contains("/lock"), "the holder kept notify's lock: \(file("fds"))")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pids.count == 2 && pids[0] != pids[1] && !pids[0].isEmpty, "\(file("pids")) \(file("err2"))")
        #expect(file("first-alive").isEmpty, "the next delivery did not end the forked holder")
    }

    @Test("SIGTERM ends a holding `dailyquote hold` with status 0, its notification closed and nothing posted twice")
    func holderStopsCalmly() throws {
        let sandbox = Sandbox()
        let until = Int(Date().timeIntervalSince1970) + 600
        let request =
            #"{"notification":{"appName":"dailyquote","summary":"Quote of the Day","body":"3 < 5 && 7 > 2","icon":"dailyquote","#
            + #""urgency":"normal","expireMilliseconds":-1,"desktopEntry":"dailyquote"},"until":\#(until)}"#
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: "body persistence",
            """
            echo '\(request)' | "$DQ" hold >"$W/reply" 2>"$W/hold.err" & h=$!
            for _ in $(seq 100); do [ -s "$W/reply" ] && break; sleep 0.05; done
            sleep 0.2
            kill -TERM $h; wait $h; echo $? >"$W/status"
            grep -c 'Notify "dailyquote"' "$MOCK_LOG" >"$W/notify-count"
            grep -c 'CloseNotification 1' "$MOCK_LOG" >"$W/close-count"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("reply").contains("\"holding\":true"), "\(file("reply")) \(file("hold.err"))")
        #expect(file("status") == "0\n", "\(file("hold.err"))")
        #expect(file("notify-count") == "1\n")
        #expect(file("close-count") == "1\n")
    }

    @Test(
        "No holder where none is needed: a server without persistence, or hold = \"0\"",
        arguments: [("body body-markup", ""), ("body body-markup persistence actions", "[notification]\nhold = \"0\"\n")])
    func noHolder(capabilities: String, config: String) throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", config)
        let (result, file) = try Self.mockSession(
            sandbox, capabilities: capabilities,
            """
            \(Self.holderPID)
            "$DQ" notify --now >"$W/now.out" 2>&1; echo $? >"$W/now.rc"
            holder_pid >"$W/pid"
            ls "$XDG_STATE_HOME/dailyquote" >"$W/state-files"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.out"))")
        #expect(file("pid").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!file("state-files").contains("hold"), "a holder ran: \(file("state-files"))")
    }
}
