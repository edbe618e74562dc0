import DailyQuoteKit
import Testing

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
}
