import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ConfigLoader")
struct ConfigLoaderTests {
    func loader(_ dir: TemporaryDirectory) -> ConfigLoader {
        ConfigLoader(paths: AppPaths(environment: ["HOME": dir.path]), zones: Zones.database)
    }

    @Test("A missing default file means the built-in defaults")
    func missingDefault() throws {
        let dir = TemporaryDirectory()
        let loaded = try loader(dir).load(explicitPath: nil)
        #expect(loaded.config == .defaults)
        #expect(!loaded.fileExists)
        #expect(loaded.path == dir.url(".config/dailyquote/config.toml"))
    }

    @Test("A missing --config file, a directory and invalid UTF-8 are errors naming the file")
    func explicitProblems() throws {
        let dir = TemporaryDirectory()
        let missing = dir.url("nope.toml")
        #expect(throws: ConfigError(.fileNotFound, file: missing, detail: "no such config file")) {
            try loader(dir).load(explicitPath: missing)
        }
        #expect(throws: ConfigError.self) { try loader(dir).load(explicitPath: dir.path) }
        let binary = dir.url("binary.toml")
        #expect(FileManager.default.createFile(atPath: binary, contents: Data([0x5B, 0xFF, 0xFE, 0x5D])))
        do {
            _ = try loader(dir).load(explicitPath: binary)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.problem == .invalidTOML)
            #expect(error.file == binary)
        }
        // A device that never ends is refused at the size limit, not read until memory runs out.
        #expect(throws: ConfigError(.unreadable, file: "/dev/zero", detail: "cannot be read: larger than 1024 KiB")) {
            try loader(dir).load(explicitPath: "/dev/zero")
        }
    }

    @Test("The default file is read when present")
    func readsDefault() throws {
        let dir = TemporaryDirectory()
        try dir.write(".config/dailyquote/config.toml", "[delivery]\nhour = 6\n")
        let loaded = try loader(dir).load(explicitPath: nil)
        #expect(loaded.fileExists)
        #expect(loaded.config.delivery.hour == 6)
    }

    @Test("The opt-out names the file whose enabled = false wins: the user's, or a system file no user file overrides")
    func turnedOffIn() throws {
        let dir = TemporaryDirectory()
        let paths = AppPaths(environment: ["HOME": dir.path, "XDG_CONFIG_DIRS": dir.url("xdg")])
        let loader = ConfigLoader(paths: paths, zones: Zones.database)
        #expect(try loader.load(explicitPath: nil).turnedOffIn == nil)
        let user = try dir.write(".config/dailyquote/config.toml", "[delivery]\nhour = 6\nenabled = false\n")
        #expect(try loader.load(explicitPath: nil).turnedOffIn == user)
        let system = try dir.write("xdg/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        try "[delivery]\nhour = 6\n".write(toFile: user, atomically: true, encoding: .utf8)
        #expect(try loader.load(explicitPath: nil).turnedOffIn == system)
        try "[delivery]\nenabled = true\n".write(toFile: user, atomically: true, encoding: .utf8)
        #expect(try loader.load(explicitPath: nil).turnedOffIn == nil)
    }
}
