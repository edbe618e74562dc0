import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("UnitDirectory")
struct UnitDirectoryTests {
    @Test("Writes only what differs, reads enablement from the wants link, removes everything it owns")
    func lifecycle() throws {
        let temporary = TemporaryDirectory()
        let directory = UnitDirectory(path: temporary.url("systemd/user"))
        let units = SystemdUnit.names.map { SystemdUnit(name: $0, content: "[Unit]\nDescription=\($0)\n") }
        #expect(directory.outOfSync(units) == SystemdUnit.names)
        #expect(try directory.write(units) == SystemdUnit.names)
        #expect(try directory.write(units).isEmpty)
        var changed = units
        changed[3].content += "# changed\n"
        #expect(directory.outOfSync(changed) == ["dailyquote-notify.timer"])
        #expect(!directory.isEnabled("dailyquote-notify.timer"))
        try FileManager.default.createDirectory(
            atPath: temporary.url("systemd/user/timers.target.wants"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: temporary.url("systemd/user/timers.target.wants/dailyquote-notify.timer"),
            withDestinationPath: "../dailyquote-notify.timer")
        #expect(directory.isEnabled("dailyquote-notify.timer"))
        #expect(directory.remove() == SystemdUnit.names)
        #expect(directory.installed.isEmpty)
        #expect(!directory.isEnabled("dailyquote-notify.timer"))
    }
}
