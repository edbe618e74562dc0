import DailyQuoteSystem
import FoundationEssentials

/// Moves a holder out of the notify service's cgroup into a transient scope of its own, by
/// asking the user manager over its private socket (`$XDG_RUNTIME_DIR/systemd/private`).
///
/// Left in the `Type=oneshot` service's cgroup, a holder would be killed when the unit stops.
/// The holder asks after it has posted, so the scope is never on the way to the `Notify` call
/// (`systemd-run --scope` in front of the holder was: a second process and a job wait).
/// The scope's name carries the holder's PID and a random part, so a unit left over from a
/// reused PID cannot take the name.
package struct UserScope: Sendable {
    /// `XDG_RUNTIME_DIR`, where the user manager's private socket is.
    package var runtimeDirectory: String?
    /// This process's cgroup file (`/proc/self/cgroup`).
    package var cgroupFile: String

    package init(runtimeDirectory: String?, cgroupFile: String = "/proc/self/cgroup") {
        self.runtimeDirectory = runtimeDirectory
        self.cgroupFile = cgroupFile
    }

    /// Why the holder could not be moved.
    package struct Failure: Error, Equatable {
        package var reason: String
    }

    /// The unit name prefix: `status` and the tests find holders' scopes by it.
    package static let prefix = "dailyquote-hold-"

    /// This process's cgroup v2 path (`0::/…`), or nil.
    var cgroup: String? {
        let text = FileManager.default.contents(atPath: cgroupFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) }
    }

    /// Whether this process runs in a systemd service's cgroup (`….service`), which stops with it.
    package var inService: Bool { cgroup?.hasSuffix(".service") ?? false }

    /// A new scope name for `pid`: `dailyquote-hold-PID-RANDOM.scope`.
    static func name(pid: Int32) -> String {
        var random = SystemRandomNumberGenerator()
        let suffix = String(UInt32.random(in: 0...UInt32.max, using: &random), radix: 16)
        return "\(prefix)\(pid)-\(suffix).scope"
    }

    /// Moves `pid` (this process) into a new scope and waits until it is there; returns the unit's name.
    ///
    /// A name that exists already (`UnitExists`) is tried again once with another random part.
    package func adopt(pid: Int32, description: String, seconds: Double = 2) throws(Failure) -> String {
        guard let runtimeDirectory, !runtimeDirectory.isEmpty else { throw Failure(reason: "XDG_RUNTIME_DIR is not set") }
        let manager: GioBus
        do {
            manager = try GioBus(address: "unix:path=\(runtimeDirectory)/systemd/private", name: "the user manager")
        } catch {
            throw Failure(reason: error.message)
        }
        var lastError = "no attempt"
        for _ in 0..<2 {
            let unit = Self.name(pid: pid)
            let parameters = DBusValue.tuple([
                .string(unit), .string("fail"),
                .array(
                    elementType: "(sv)",
                    [
                        .tuple([.string("PIDs"), .variant(.array(elementType: "u", [.uint32(UInt32(bitPattern: pid))]))]),
                        .tuple([.string("Description"), .variant(.string(description))]),
                        .tuple([.string("CollectMode"), .variant(.string("inactive-or-failed"))]),
                    ]),
                .array(elementType: "(sa(sv))", []),
            ])
            do {
                _ = try manager.call(
                    nil, "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager", "StartTransientUnit",
                    parameters.floatingVariant(), timeoutMilliseconds: Int32(seconds * 1000))
            } catch {
                lastError = error.message
                if error.remoteName == "org.freedesktop.systemd1.UnitExists" { continue }
                throw Failure(reason: lastError)
            }
            // The manager moves the process when it runs the start job, just after it answers.
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                if cgroup?.hasSuffix("/\(unit)") == true { return unit }
                ProcessState.pause(microseconds: 2_000)
            }
            throw Failure(reason: "the user manager did not move the holder into \(unit) within \(seconds) s")
        }
        throw Failure(reason: lastError)
    }
}
