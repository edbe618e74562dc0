import DailyQuoteSystem
import FoundationEssentials

/// The user unit directory (`$XDG_CONFIG_HOME/systemd/user`) as far as dailyquote's units go.
package struct UnitDirectory: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// The text of an installed unit, or nil.
    package func content(of name: String) -> String? {
        FileManager.default.contents(atPath: "\(path)/\(name)").map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of dailyquote's units that exist on disk.
    package var installed: [String] { SystemdUnit.names.filter { FileManager.default.fileExists(atPath: "\(path)/\($0)") } }

    /// The units whose file is missing or differs from `units`.
    package func outOfSync(_ units: [SystemdUnit]) -> [String] {
        units.filter { content(of: $0.name) != $0.content }.map(\.name)
    }

    /// Writes the units that differ (each atomically, mode 0644) and returns their names.
    package func write(_ units: [SystemdUnit]) throws(AtomicFile.WriteError) -> [String] {
        let changed = outOfSync(units)
        for unit in units where changed.contains(unit.name) {
            try AtomicFile.write(Data(unit.content.utf8), to: "\(path)/\(unit.name)", mode: 0o644)
        }
        return changed
    }

    /// Removes dailyquote's units (and any enablement links left behind); returns what was removed.
    package func remove() -> [String] {
        var removed: [String] = []
        for name in SystemdUnit.names where (try? FileManager.default.removeItem(atPath: "\(path)/\(name)")) != nil {
            removed.append(name)
        }
        for name in SystemdUnit.timerNames {
            try? FileManager.default.removeItem(atPath: "\(path)/timers.target.wants/\(name)")
        }
        try? FileManager.default.removeItem(atPath: "\(path)/paths.target.wants/\(ConfigWatchUnits.pathUnitName)")
        return removed
    }

    /// Whether `timer` is enabled, read from its `timers.target.wants` link.
    ///
    /// This works without a running user manager, which is when `status` needs it most.
    package func isEnabled(_ timer: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(path)/timers.target.wants/\(timer)")) != nil
    }
}
