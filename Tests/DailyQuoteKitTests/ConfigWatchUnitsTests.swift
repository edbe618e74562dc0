import DailyQuoteKit
import Testing

@Suite("ConfigWatchUnits")
struct ConfigWatchUnitsTests {
    @Test("The path unit watches each file and its directory once and starts the oneshot service")
    func pathUnit() throws {
        let units = ConfigWatchUnits(
            files: ["/home/u/.config/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml"],
            command: ConfigWatchUnits.reloadCommand
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
        #expect(units[1].content.contains("Type=oneshot\nExecStart=systemctl --user daemon-reload\n"))
    }

    @Test("Specifiers in paths and words in the command are escaped")
    func escaping() {
        let units = ConfigWatchUnits(files: ["/home/u/50% off/c.toml"], command: ["/opt/my app/dailyquote", "install"]).units
        #expect(units[0].content.contains("PathChanged=/home/u/50%% off/c.toml\n"))
        #expect(units[1].content.contains("ExecStart=\"/opt/my app/dailyquote\" install\n"))
    }
}
