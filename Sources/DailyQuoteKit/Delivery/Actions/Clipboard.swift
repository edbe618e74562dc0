#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// The clipboard tools the Copy button uses: `wl-copy` (Wayland), `xclip` or `xsel` (X11).
///
/// The clipboard lives only as long as the process that owns it, so the tool is started in a
/// session of its own and left running (all three stay in the background to serve it). The
/// text goes to it on standard input, never through a command line or a shell.
package struct Clipboard: Sendable {
    /// A clipboard program and the arguments that make it read the clipboard's text on standard input.
    package struct Tool: Sendable, Equatable {
        package var path: String
        package var arguments: [String]
    }

    package var environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// The Debian packages that provide a tool, for `doctor`.
    package static let packages = "wl-clipboard (Wayland) or xclip (X11)"

    /// The tool to use here: under Wayland (`WAYLAND_DISPLAY` set) `wl-copy` first, otherwise
    /// `xclip`, then `xsel`; nil when none is installed.
    package var tool: Tool? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        var candidates: [(String, [String])] = [("xclip", ["-selection", "clipboard"]), ("xsel", ["--clipboard", "--input"])]
        let wlCopy = ("wl-copy", [String]())
        if wayland { candidates.insert(wlCopy, at: 0) } else { candidates.append(wlCopy) }
        for (name, arguments) in candidates {
            if let found = Self.find(name, in: path) { return Tool(path: found, arguments: arguments) }
        }
        return nil
    }

    /// The first executable `name` in the colon-separated `path`.
    static func find(_ name: String, in path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// `actions` without `copy` when no tool is installed; nil for none.
    package func available(_ actions: [NotificationAction]?) -> [NotificationAction]? {
        guard let actions else { return nil }
        let usable = tool == nil ? actions.filter { $0 != .copy } : actions
        return usable.isEmpty ? nil : usable
    }

    /// What Copy puts on the clipboard: `“text” — author` (the text alone if there is no author).
    package static func text(of quote: Quote) -> String {
        quote.author.isEmpty ? "“\(quote.text)”" : "“\(quote.text)” — \(quote.author)"
    }

    /// Why the clipboard could not be set.
    package struct CopyError: Error, Equatable {
        package var message: String
    }

    /// Puts `text` on the clipboard through ``tool``, waiting up to two seconds for the tool's
    /// first process to hand over to its background one.
    package func copy(_ text: String) throws(CopyError) {
        guard let tool else { throw CopyError(message: "no clipboard tool (install \(Self.packages))") }
        let toChild: (read: Int32, write: Int32)
        do {
            toChild = try PosixSpawn.pipe()
        } catch {
            throw CopyError(message: "cannot make a pipe: \(error.description)")
        }
        let pid: pid_t
        do {
            // Its output and complaints would outlive the holder's log: both go nowhere.
            pid = try PosixSpawn.start(
                path: tool.path, arguments: tool.arguments, environment: environment, streams: [0: toChild.read], discarding: [1, 2],
                newSession: true)
        } catch {
            close(toChild.read)
            close(toChild.write)
            throw CopyError(message: "cannot start \(tool.path): \(error.description)")
        }
        close(toChild.read)
        let bytes = Array(text.utf8)
        let offset = Self.writeWithoutSIGPIPE(bytes, to: toChild.write)
        close(toChild.write)
        // The tool forks to serve the clipboard and its first process exits: reap it, briefly.
        var status: Int32 = 0
        for _ in 0..<200 {
            let reaped = SystemCall.retrying { waitpid(pid, &status, WNOHANG) }
            if reaped == pid {
                guard let failure = Self.failure(waitStatus: status) else { break }
                throw CopyError(message: "\(PathName.lastComponent(of: tool.path)) \(failure)")
                break
            }
            if reaped < 0 { break }
            usleep(10_000)
        }
        guard offset == bytes.count else { throw CopyError(message: "\(tool.path) did not take the whole text") }
    }

    /// What a wait status says went wrong (`exited with status 1`, `was killed by signal 9`);
    /// nil for a clean exit.
    static func failure(waitStatus status: Int32) -> String? {
        let signal = status & 0x7f
        if signal != 0 { return "was killed by signal \(signal)" }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "exited with status \(code) (no display to reach, or no seat?)"
    }

    /// Writes `bytes` to the pipe `fd` and returns how many were taken.
    ///
    /// A tool that ends before reading (no display to talk to) closes the pipe: the write then
    /// fails with EPIPE instead of killing this process with SIGPIPE, which is blocked for the
    /// write and, if it came, taken off this thread's pending set.
    static func writeWithoutSIGPIPE(_ bytes: [UInt8], to fd: Int32) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var offset = 0
        var broken = false
        while offset < bytes.count {
            let written = SystemCall.retrying { bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            guard written > 0 else {
                broken = errno == EPIPE
                break
            }
            offset += written
        }
        if broken, sigismember(&previous, SIGPIPE) == 0 {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = SystemCall.retrying { sigtimedwait(&pipeSignal, nil, &none) }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return offset
    }
}
