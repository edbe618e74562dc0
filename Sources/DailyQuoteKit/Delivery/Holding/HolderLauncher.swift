import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// Posts a notification through a holder: a `dailyquote hold` process that posts it, answers
/// with its id, and stays on the bus as its sender while it is shown (see ``HoldStage``).
///
/// Under a systemd service the holder gets a scope of its own (`systemd-run --user --scope`):
/// left in the `Type=oneshot` service's cgroup it would either keep the unit activating, which
/// swallows the timer's next elapse, or be killed when the unit stops. Elsewhere it runs in a
/// session of its own.
package struct HolderLauncher: Sendable {
    /// The dailyquote binary to run as `hold`.
    package var executable: String
    package var environment: [String: String]
    /// Where this process's cgroup is read, only when a holder is started (`/proc/self/cgroup`).
    package var cgroupFile: String

    package init(executable: String, environment: [String: String], cgroupFile: String = "/proc/self/cgroup") {
        self.executable = executable
        self.environment = environment
        self.cgroupFile = cgroupFile
    }

    /// Starts a holder for `request` and returns its reply, before `deadline`.
    ///
    /// A holder that has not answered by then is killed and the delivery stays due; it may
    /// still have posted (a frozen server), which a later run then posts again.
    package func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply {
        guard let payload = try? JSONEncoder.dailyquote().encode(request) else { throw .failed("cannot encode the hold request") }
        let seconds = deadline.secondsLeft
        for command in commands {
            guard ContinuousClock.now < deadline else { break }
            let child: DetachedChild
            do {
                child = try DetachedChild(
                    path: command.path, arguments: command.arguments, environment: environment,
                    sharingStandardError: !StandardErrorStream.keepsCallerWaiting(environment: environment))
            } catch {
                continue
            }
            child.send(Array(payload))
            guard let line = child.firstLine(until: deadline) else {
                if ContinuousClock.now >= deadline {
                    child.kill()
                    break
                }
                continue  // it ended without answering: systemd-run could not make the scope
            }
            guard let reply = try? JSONDecoder().decode(HoldReply.self, from: Data(line)) else {
                throw .failed("the holder answered \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
            if let error = reply.error { throw error }
            return reply
        }
        throw .timedOut(seconds: Int64(seconds.rounded(.up)))
    }

    /// Whether this process runs in a systemd service's cgroup (`….service`).
    var inService: Bool {
        let cgroup = FileManager.default.contents(atPath: cgroupFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return cgroup.split(separator: "\n").contains { $0.hasPrefix("0::") && $0.hasSuffix(".service") }
    }

    /// The ways to start the holder, in order: in a scope of its own under a service, then directly.
    var commands: [(path: String, arguments: [String])] {
        var list: [(path: String, arguments: [String])] = []
        if inService, let systemdRun = Self.find("systemd-run", in: environment["PATH"] ?? "/usr/bin:/bin") {
            list.append(
                (
                    systemdRun,
                    [
                        "--user", "--scope", "--quiet", "--collect", "--unit=dailyquote-hold-\(getpid())",
                        "--description=dailyquote: keeps the quote's notification", "--", executable, "hold",
                    ]
                ))
        }
        list.append((executable, ["hold"]))
        return list
    }

    /// The first executable `name` in the colon-separated `path`.
    static func find(_ name: String, in path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
