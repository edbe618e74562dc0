import CLibnotify

/// libnotify, initialised for one application name, and uninitialised when released.
///
/// This folder is the only code that imports `CLibnotify`. libnotify keeps global state,
/// so one instance at a time, used from one thread at a time (it may pass from the thread that
/// made it to the one that posts: ``StartedWork`` hands it over once made). The class itself
/// has no state, so it is plainly `Sendable`; the one-thread-at-a-time rule is libnotify's.
final class LibnotifyLibrary: Sendable {
    init(appName: String) throws(DeliveryError) {
        SessionBus.settleAddress()
        guard notify_init(appName) != 0 else { throw .failed("notify_init failed") }
    }

    deinit {
        notify_uninit()
    }

    /// The server's name, vendor, version and spec version, plus its capabilities.
    func serverInfo() throws(DeliveryError) -> NotificationServerInfo {
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        let ok = notify_get_server_info(&name, &vendor, &version, &spec) != 0
        defer {
            for pointer in [name, vendor, version, spec] { g_free(pointer) }
        }
        // libnotify returns FALSE without a GError; find out why from the bus itself.
        guard ok else { throw LibnotifyError.diagnoseMissingServer() }
        return NotificationServerInfo(
            name: Self.string(name), vendor: Self.string(vendor), version: Self.string(version),
            specVersion: Self.string(spec), capabilities: capabilities())
    }

    /// The capability strings of the server (`body`, `body-markup`, ...).
    func capabilities() -> [String] {
        guard let list = notify_get_server_caps() else { return [] }
        defer { g_list_free_full(list, g_free) }
        var result: [String] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                result.append(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            node = current.pointee.next
        }
        return result
    }

    private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
