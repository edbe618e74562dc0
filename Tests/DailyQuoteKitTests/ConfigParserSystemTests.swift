import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ConfigParser+System: the system-wide config under the user's")
struct ConfigParserSystemTests {
    let parser = ConfigParser(zones: Zones.database)
    static let system = "/etc/xdg/dailyquote/config.toml"
    static let user = "/home/u/.config/dailyquote/config.toml"

    func parse(system: String?, user: String?) throws(ConfigError) -> LayeredConfig {
        var layers: [ConfigLayer] = []
        if let system { layers.append(ConfigLayer(kind: .system, path: Self.system, text: system)) }
        if let user { layers.append(ConfigLayer(kind: .user, path: Self.user, text: user)) }
        return try parser.parse(layers: layers)
    }

    @Test("The user's file overrides the system's key by key; what neither sets keeps its default; origins say which")
    func keyByKey() throws {
        let layered = try parse(
            system: "[delivery]\nhour = 7\nminute = 30\ncatch_up = \"1h\"\n[notification]\ntitle = \"ACME thought\"\nurgency = \"low\"\n",
            user: "[delivery]\nhour = 9\n[notification]\nurgency = \"critical\"\n")
        #expect(layered.config.delivery.hour == 9)
        #expect(layered.config.delivery.minute == 30)
        #expect(layered.config.delivery.catchUp == .hours(1))
        #expect(layered.config.notification.title == "ACME thought")
        #expect(layered.config.notification.urgency == .critical)
        #expect(layered.config.refresh == RefreshConfig())
        #expect(layered.origins["delivery.hour"] == ConfigValueOrigin(from: "user", file: Self.user))
        #expect(layered.origins["delivery.minute"] == ConfigValueOrigin(from: "system", file: Self.system))
        #expect(layered.origins["notification.title"] == ConfigValueOrigin(from: "system", file: Self.system))
        #expect(layered.origins["refresh.lead"] == .builtIn)
        #expect(layered.origins["source"] == .builtIn)
        #expect(layered.origins["delivery.enabled"] == .builtIn)
    }

    @Test("times and hour/minute are one setting: the user's hour replaces the system's times, and the other way round")
    func timesAndHourAreOneSetting() throws {
        let hourOverTimes = try parse(system: "[delivery]\ntimes = [\"Mon..Fri 08:00\", \"20:00\"]\n", user: "[delivery]\nhour = 9\n")
        #expect(hourOverTimes.config.delivery.times == nil)
        #expect(hourOverTimes.config.delivery.hour == 9)
        let timesOverHour = try parse(system: "[delivery]\nhour = 7\nminute = 30\n", user: "[delivery]\ntimes = [\"10:00\"]\n")
        #expect(timesOverHour.config.delivery.times?.count == 1)
        #expect(timesOverHour.origins["delivery.times"] == ConfigValueOrigin(from: "user", file: Self.user))
        let kept = try parse(system: "[delivery]\ntimes = [\"06:45\"]\n", user: "[delivery]\ncatch_up = \"1h\"\n")
        #expect(kept.config.delivery.times?.count == 1)
    }

    @Test("A [[source]] list in the user's file replaces the system's whole; without one, the system's list stands")
    func sourcesReplaced() throws {
        let system = """
            [[source]]
            type = "json"
            url = "https://quotes.example.org/today"
            text = "/q"

            [[source]]
            type = "file"
            path = "/usr/share/acme/quotes.txt"
            """
        let replaced = try parse(system: system, user: "[[source]]\ntype = \"favqs\"\n")
        #expect(replaced.config.sources == [SourceConfig(kind: .favqs)])
        #expect(replaced.origins["source"] == ConfigValueOrigin(from: "user", file: Self.user))
        let kept = try parse(system: system, user: "[delivery]\nhour = 6\n")
        #expect(kept.config.sources.map(\.kind) == [.json, .file])
        #expect(kept.config.sources.first?.url == "https://quotes.example.org/today")
        #expect(kept.origins["source"] == ConfigValueOrigin(from: "system", file: Self.system))
    }

    @Test("Several system files: the more important one (first in XDG_CONFIG_DIRS, so later in the stack) wins")
    func severalSystemFiles() throws {
        let layered = try parser.parse(layers: [
            ConfigLayer(kind: .system, path: "/usr/share/xdg/dailyquote/config.toml", text: "[delivery]\nhour = 5\nminute = 10\n"),
            ConfigLayer(kind: .system, path: "/etc/xdg/dailyquote/config.toml", text: "[delivery]\nhour = 6\n"),
        ])
        #expect(layered.config.delivery.hour == 6)
        #expect(layered.config.delivery.minute == 10)
        #expect(layered.origins["delivery.minute"]?.file == "/usr/share/xdg/dailyquote/config.toml")
    }

    @Test("enabled = false alone is a complete [delivery]; it comes from whichever file sets it last")
    func enabledKey() throws {
        #expect(try parse(system: nil, user: "[delivery]\nenabled = false\n").config.delivery.enabled == false)
        #expect(try parse(system: nil, user: "[delivery]\nenabled = false\n").config.delivery.hour == 8)
        #expect(try parse(system: nil, user: nil).config.delivery.enabled)
        let overridden = try parse(system: "[delivery]\nhour = 7\nenabled = false\n", user: "[delivery]\nenabled = true\n")
        #expect(overridden.config.delivery.enabled)
        #expect(overridden.config.delivery.hour == 7)
        #expect(overridden.origins["delivery.enabled"] == ConfigValueOrigin(from: "user", file: Self.user))
        #expect(try parse(system: "[delivery]\nhour = 7\nenabled = false\n", user: "").config.delivery.enabled == false)
    }

    @Test(
        "Errors name the file and line the offending value came from",
        arguments: [
            ("[delivery]\nhour = 24\n", "", system, 2, "delivery.hour"),
            ("[delivery]\nhour = 7\n", "[notification]\n\nurgency = \"loud\"\n", user, 3, "notification.urgency"),
            ("# fleet\n[delivery]\nhour = 7\nminute = 99\n", "[delivery]\nhour = 9\n", system, 4, "delivery.minute"),
            ("[delivery]\nhour = 7\n", "[delivery]\nhuor = 9\n", user, 2, "delivery.huor"),
            ("[delivery]\nhour = 7\n", "\n[delivery]\nenabled = 1\n", user, 3, "delivery.enabled"),
            ("[[source]]\ntype = \"json\"\n", "[delivery]\nhour = 9\n", system, 1, "source[1].url"),
            ("[delivery]\nhour = 7\n", "[[source]]\ntype = \"nope\"\n", user, 2, "source[1].type"),
            ("colour = \"red\"\n", "", system, 1, "colour"),
        ] as [(String, String, String, Int, String)])
    func errorsNameTheRightFile(system: String, user: String, file: String, line: Int, key: String) throws {
        do {
            _ = try parse(system: system, user: user)
            Issue.record("accepted")
        } catch {
            #expect(error.file == file)
            #expect(error.line == line, "\(error.errorDescription ?? "")")
            #expect(error.key == key, "\(error.errorDescription ?? "")")
        }
    }

    @Test("Invalid TOML in either file is named with its own file and line")
    func syntaxErrors() throws {
        #expect(throws: ConfigError.self) { try parse(system: "[delivery\n", user: "") }
        do {
            _ = try parse(system: "[delivery]\nhour = 7\n", user: "\n\nhour = = 3\n")
        } catch {
            #expect(error.problem == .invalidTOML)
            #expect(error.file == Self.user)
            #expect(error.line == 3)
        }
        do {
            _ = try parse(system: "\n[delivery\n", user: "[delivery]\nhour = 9\n")
        } catch {
            #expect(error.file == Self.system)
            #expect(error.line == 2)
        }
    }

    @Test("A [delivery] without hour keeps the default hour, or the system's; its other keys apply")
    func missingHour() throws {
        for (keys, check) in [
            ("minute = 5", { (d: DeliveryConfig) in d.hour == 8 && d.minute == 5 }),
            ("time_zone = \"Europe/Berlin\"", { $0.hour == 8 && $0.minute == 0 && $0.timeZone == "Europe/Berlin" }),
            ("weekdays = [\"mon\"]", { $0.hour == 8 && $0.weekdays == WeekdaySet([.monday]) }),
            ("catch_up = \"2h\"", { $0.hour == 8 && $0.catchUp == .hours(2) }),
        ] as [(String, (DeliveryConfig) -> Bool)] {
            let delivery = try parse(system: nil, user: "\n[delivery]\n\(keys)\n").config.delivery
            #expect(check(delivery), "\(keys): \(delivery)")
        }
        // The system's hour completes the user's [delivery].
        #expect(try parse(system: "[delivery]\nhour = 6\n", user: "[delivery]\nminute = 5\n").config.delivery.minute == 5)
    }

    @Test("The single-file parse reads delivery.enabled too, and a [delivery] with only it is complete")
    func singleFileEnabled() throws {
        #expect(try parser.parse("[delivery]\nenabled = false\n", file: Self.user).delivery.enabled == false)
        #expect(try parser.parse("[delivery]\nhour = 6\nenabled = true\n", file: Self.user).delivery.hour == 6)
        #expect(try parser.parse("", file: Self.user) == .defaults)
        #expect(throws: ConfigError.self) { try parser.parse("[delivery]\nenabled = \"off\"\n", file: Self.user) }
    }
}
