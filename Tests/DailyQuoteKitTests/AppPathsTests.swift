import Testing

@testable import DailyQuoteKit

@Suite("AppPaths")
struct AppPathsTests {
    @Test("XDG variables are respected; relative ones are ignored as the spec requires")
    func xdg() {
        let paths = AppPaths(
            environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "XDG_CACHE_HOME": "relative", "XDG_STATE_HOME": "/st"])
        #expect(paths.defaultConfigFile == "/cfg/dailyquote/config.toml")
        #expect(paths.cacheDirectory == "/home/ada/.cache/dailyquote")
        #expect(paths.stateDirectory == "/st/dailyquote")
        #expect(paths.systemdUserDirectory == "/cfg/systemd/user")
    }

    @Test(
        "Other programs' paths: the data directories (XDG_DATA_HOME or ~/.local/share, then XDG_DATA_DIRS or its default), the generator directory, timer stamps, autostart entries"
    )
    func otherPrograms() {
        let plain = AppPaths(environment: ["HOME": "/h"])
        #expect(plain.dataSearchDirectories == ["/h/.local/share", "/usr/local/share", "/usr/share"])
        #expect(plain.generatorDirectory == nil)
        #expect(plain.timerStamp("dailyquote-notify.timer") == "/h/.local/share/systemd/timers/stamp-dailyquote-notify.timer")
        #expect(plain.systemAutostartEntries == ["/etc/xdg/autostart/dailyquote.desktop"])
        #expect(plain.userAutostartEntry == "/h/.config/autostart/dailyquote.desktop")
        let set = AppPaths(environment: [
            "HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:relative:/b", "XDG_RUNTIME_DIR": "/run/user/1",
        ])
        #expect(set.dataSearchDirectories == ["/d", "/a", "/b"])
        #expect(set.desktopEntryCandidates.first == "/d/applications/io.github.dailyquote.DailyQuote.desktop")
        #expect(set.actionServiceCandidates.last == "/b/dbus-1/services/io.github.dailyquote.DailyQuote.service")
        #expect(set.generatorDirectory == "/run/user/1/systemd/generator")
        #expect(set.timerStamp("x.timer") == "/d/systemd/timers/stamp-x.timer")
        #expect(AppPaths(environment: ["HOME": "/h", "XDG_RUNTIME_DIR": "relative"]).generatorDirectory == nil)
    }

    @Test("Defaults under HOME")
    func defaults() {
        let paths = AppPaths(environment: ["HOME": "/home/ada"])
        #expect(paths.defaultConfigFile == "/home/ada/.config/dailyquote/config.toml")
        #expect(paths.stateDirectory == "/home/ada/.local/state/dailyquote")
        #expect(AppPaths(environment: [:], home: "/fallback").cacheDirectory == "/fallback/.cache/dailyquote")
    }

    @Test(
        "System config files: one per XDG_CONFIG_DIRS entry, most important first; relative and repeated entries dropped; /etc/xdg by default",
        arguments: [
            (nil, ["/etc/xdg/dailyquote/config.toml"]),
            ("", ["/etc/xdg/dailyquote/config.toml"]),
            ("relative:also/relative", ["/etc/xdg/dailyquote/config.toml"]),
            (
                "/etc/acme/xdg:/etc/xdg/:relative:/etc/acme/xdg",
                ["/etc/acme/xdg/dailyquote/config.toml", "/etc/xdg/dailyquote/config.toml"]
            ),
        ] as [(String?, [String])])
    func systemConfigFiles(value: String?, files: [String]) {
        var environment = ["HOME": "/home/ada"]
        environment["XDG_CONFIG_DIRS"] = value
        #expect(AppPaths(environment: environment).systemConfigFiles == files)
    }
}
