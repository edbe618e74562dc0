import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ConfigWatchUnits")
struct ConfigWatchUnitsTests {
    @Test("The path unit watches each file and its directory once and starts the oneshot service")
    func pathUnit() throws {
        let units = ConfigWatchUnits(
            files: ["/home/u/.config/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml"],
            commands: ConfigWatchUnits.reloadCommands
        ).units
        #expect(units.map(\.name) == ["dailyquote-config.path", "dailyquote-config.service"])
        let path = units[0].content
        let watched = path.split(separator: "\n").filter { $0.hasPrefix("PathChanged=") }
        #expect(
            watched == [
                "PathChanged=/home/u/.config/dailyquote/config.toml", "PathChanged=/home/u/.config/dailyquote",
                "PathChanged=/etc/xdg/dailyquote/config.toml", "PathChanged=/etc/xdg/dailyquote",
            ])
        #expect(path.contains("Unit=dailyquote-config.service\n"))
        #expect(path.contains("WantedBy=paths.target\n"))
        #expect(
            units[1].content.contains(
                """
                Type=oneshot
                ExecStart=systemctl --user daemon-reload
                ExecStart=-systemctl --user reset-failed dailyquote-refresh.timer dailyquote-notify.timer
                ExecStart=systemctl --user --no-block start timers.target

                """))
    }

    @Test("Specifiers in paths and words in the command are escaped")
    func escaping() {
        let units = ConfigWatchUnits(files: ["/home/u/50% off/c.toml"], commands: [["/opt/my app/dailyquote", "install"]]).units
        #expect(units[0].content.contains("PathChanged=/home/u/50%% off/c.toml\n"))
        #expect(units[1].content.contains("ExecStart=\"/opt/my app/dailyquote\" install\n"))
    }
}

extension ConfigWatchUnitsTests {
    @Test("The package's static copy (packaging/systemd-user) runs the same commands and watches the same places")
    func packagedCopy() throws {
        let directory = "\(RepositoryPaths.root)/packaging/systemd-user"
        let generated = ConfigWatchUnits(
            files: ["%E/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml"], commands: ConfigWatchUnits.reloadCommands
        ).units
        for unit in generated {
            let packaged = try String(contentsOfFile: "\(directory)/\(unit.name)", encoding: .utf8)
            let body = { (text: String) in
                text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.replacing("%%", with: "%") }
            }
            #expect(body(packaged) == body(unit.content), "\(unit.name)")
        }
    }
}

extension ConfigWatchUnitsTests {
    @Test("install's watch runs only while its binary is there (a condition on it); the generator's runs systemctl, with none")
    func binaryCondition() {
        let install = ConfigWatchUnits(files: ["/c.toml"], commands: [["/opt/50%/dailyquote", "install"]]).units[1].content
        #expect(install.contains("\nConditionFileIsExecutable=/opt/50%%/dailyquote\n"), "\(install)")
        let generator = ConfigWatchUnits(files: ["/c.toml"], commands: ConfigWatchUnits.reloadCommands).units[1].content
        #expect(!generator.contains("Condition"), "\(generator)")
    }
}
