import DailyQuoteSystem

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
        path.split(separator: ":").map { "\($0)/\(name)" }.first { PathAccess.mayExecute($0) }
    }

    /// `actions` without `copy` when no tool is installed; nil for none.
    package func available(_ actions: [NotificationAction]?) -> [NotificationAction]? {
        guard let actions else { return nil }
        // The tool is looked for (a walk of PATH) only where Copy is asked for.
        let usable = actions.contains(.copy) && tool == nil ? actions.filter { $0 != .copy } : actions
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

    /// How long, in seconds, the tool's first process may take to return: it hands the
    /// clipboard to a background process of its own and exits at once where the session lets
    /// it (a `wl-copy` whose compositor offers no data-control protocol waits for a window's
    /// focus it never gets).
    package static let timeout: Int64 = 3

    /// Puts `text` on the clipboard through ``tool``, waiting up to ``timeout`` for the tool's
    /// first process to return.
    ///
    /// One still running then is ended, with all it forked (its process group), and the copy
    /// has failed. The background process a tool that returned left serving the clipboard is
    /// left alone.
    package func copy(_ text: String) throws(CopyError) {
        guard let tool else { throw CopyError(message: "no clipboard tool (install \(Self.packages))") }
        let name = PathName.lastComponent(of: tool.path)
        let child: Child
        do {
            // Its output and complaints would outlive the holder's log: both go nowhere.
            child = try Child(
                path: tool.path, arguments: tool.arguments, environment: environment, input: .pipe, output: .null, error: .null,
                detached: true)
        } catch {
            throw CopyError(message: "cannot start \(tool.path): \(error.description)")
        }
        // A tool that ends before reading (no display to talk to) takes less than the whole text.
        // A quote (at most 1000 characters) fits a pipe's buffer: the write never waits.
        let bytes = Array(text.utf8)
        let taken = child.send(bytes)
        guard let status = child.wait(until: .after(seconds: Self.timeout)) else {
            child.killGroup()
            throw CopyError(
                message: "\(name) did not return within \(Self.timeout) s and was ended (no clipboard service in this session?)")
        }
        if let failure = Self.failure(status) { throw CopyError(message: "\(name) \(failure)") }
        guard taken == bytes.count else { throw CopyError(message: "\(tool.path) did not take the whole text") }
    }

    /// What a wait status says went wrong (`exited with status 1`, `was killed by signal 9`);
    /// nil for a clean exit.
    static func failure(waitStatus status: Int32) -> String? {
        failure(Child.Status(waitStatus: status))
    }

    /// What a tool's end says went wrong; nil for a clean exit (or an end this process did not see).
    static func failure(_ status: Child.Status) -> String? {
        if let signal = status.signal { return "was killed by signal \(signal)" }
        guard let code = status.exit, code != 0 else { return nil }
        return "exited with status \(code) (no display to reach, or no seat?)"
    }
}
