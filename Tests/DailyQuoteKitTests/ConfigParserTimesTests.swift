import TestSupport
import Testing

@testable import DailyQuoteKit

/// `delivery.times`.
@Suite("ConfigParser: delivery.times")
struct ConfigParserTimesTests {
    let parser = ConfigParser(zones: Zones.database)
    let file = "/home/ada/.config/dailyquote/config.toml"

    func failure(_ text: String) -> ConfigError? {
        do {
            _ = try parser.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test("times replaces hour: [delivery] with times alone is valid; entries keep their text and days")
    func parses() throws {
        let config = try parser.parse(
            "[delivery]\ntimes = [\"Mon..Fri 08:00\", \"Sat,Sun 10:30\", \"20:00\"]\nweekdays = [\"mon\", \"sat\"]\n", file: file)
        let times = try #require(config.delivery.times)
        #expect(times.map(\.text) == ["Mon..Fri 08:00", "Sat,Sun 10:30", "20:00"])
        #expect(
            config.delivery.rules.map(\.weekdays) == [
                WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday]), WeekdaySet([.saturday, .sunday]),
                WeekdaySet([.monday, .saturday]),
            ])
        #expect(config.delivery.rules.map(\.slotName) == ["Mon..Fri 08:00", "Sat,Sun 10:30", "20:00"])
        // hour/minute stay a one-slot plan.
        let single = try parser.parse("[delivery]\nhour = 7\nminute = 5\n", file: file)
        #expect(single.delivery.times == nil)
        #expect(single.delivery.rules == [DeliveryRule(hour: 7, minute: 5)])
        #expect(single.delivery.rules.first?.slotName == "07:05")
    }

    @Test(
        "times with hour or minute is an error naming both keys, on the times line",
        arguments: [
            ("[delivery]\nhour = 8\ntimes = [\"09:00\"]\n", "delivery.hour"),
            ("[delivery]\ntimes = [\"09:00\"]\nminute = 30\n", "delivery.minute"),
            ("[delivery]\nhour = 8\nminute = 0\ntimes = [\"09:00\"]\n", "delivery.hour and delivery.minute"),
        ])
    func clash(text: String, other: String) throws {
        let error = try #require(failure(text))
        #expect(error.key == "delivery.times")
        #expect(error.file == file)
        #expect(error.line == text.split(separator: "\n").firstIndex { $0.hasPrefix("times") }.map { $0 + 1 })
        #expect(error.detail.contains(other), "\(error.detail)")
        #expect(error.kind == .config)
    }

    @Test(
        "A bad entry names delivery.times and the entry",
        arguments: ["25:00", "Fri..Mon 08:00", "Mon-Fri", "every day 08:00", "8h"])
    func badEntry(entry: String) throws {
        let error = try #require(failure("[delivery]\n\ntimes = [\"08:00\", \"\(entry)\"]\n"))
        #expect(error.key == "delivery.times")
        #expect(error.line == 3)
        #expect(error.problem == .invalidValue)
        #expect(error.detail.contains("\"\(entry)\""), "\(error.detail)")
    }

    @Test("An empty list, a duplicate entry and a non-string are errors too; [delivery] without hour or times is not")
    func otherErrors() throws {
        #expect(failure("[delivery]\ntimes = []\n")?.key == "delivery.times")
        #expect(failure("[delivery]\ntimes = [\"08:00\", \"08:00\"]\n")?.detail.contains("twice") == true)
        #expect(failure("[delivery]\ntimes = [8]\n")?.problem == .wrongType)
        #expect(failure("[delivery]\ntimes = \"08:00\"\n")?.problem == .wrongType)
        #expect(failure("[delivery]\ntime_zone = \"UTC\"\n") == nil)
    }
}
