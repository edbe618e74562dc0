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
