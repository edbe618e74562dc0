import TOMLKit

/// `delivery.times`: the list of slots.
extension ConfigParser {
    /// The parsed `times` list, or nil if the key is absent.
    ///
    /// It cannot stand beside `hour` or `minute`, which are the one-slot form of the same thing.
    func parseTimes(_ table: TOMLTableReader) throws(ConfigError) -> [DeliveryTime]? {
        let expected = "an array of times such as [\"Mon..Fri 08:00\", \"Sat,Sun 10:30\", \"20:00\"]"
        guard let entries = try table.stringArray("times", expecting: expected) else { return nil }
        let clashing = ["hour", "minute"].filter { table.table[$0] != nil }
        if !clashing.isEmpty {
            let names = clashing.map(table.keyPath).joined(separator: " and ")
            throw table.error(
                .invalidValue, "times",
                "cannot be combined with \(names); use times alone (\"08:00\" is hour = 8, minute = 0)")
        }
        guard !entries.isEmpty else {
            throw table.error(.invalidValue, "times", "the list is empty; give at least one time such as \"08:00\", or remove the key")
        }
        var times: [DeliveryTime] = []
        for entry in entries {
            guard let time = DeliveryTime(parsing: entry) else {
                throw table.error(
                    .invalidValue, "times",
                    "\"\(entry)\" is not a time entry; use \"HH:MM\" or \"DAYS HH:MM\" with systemd's weekday syntax "
                        + "(\"Mon..Fri 08:00\", \"Sat,Sun 10:30\", \"Mon,Wed..Fri 20:00\")")
            }
            if let same = times.first(where: { $0.text == time.text }) {
                throw table.error(.invalidValue, "times", "\"\(same.text)\" is listed twice")
            }
            times.append(time)
        }
        return times
    }
}
