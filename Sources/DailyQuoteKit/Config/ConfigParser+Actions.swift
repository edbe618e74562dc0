extension ConfigParser {
    /// Parses `notification.actions`: a list of `copy`, `save`, `another`; `[]` means no buttons.
    ///
    /// A name given twice counts once; an unknown one is an error with the closest known name.
    func parseActions(_ table: TOMLTableReader) throws(ConfigError) -> [NotificationAction]? {
        let names = NotificationAction.allCases.map(\.rawValue)
        let expected = "a list of actions such as [\"copy\", \"save\"] (\(names.joined(separator: ", ")))"
        guard let values = try table.stringArray("actions", expecting: expected) else { return nil }
        var actions: [NotificationAction] = []
        for value in values {
            guard let action = NotificationAction(rawValue: value) else {
                throw table.error(
                    .invalidValue, "actions",
                    "unknown action \"\(value)\"; use \(names.joined(separator: ", ")), or [] for none"
                        + ClosestMatch.question(for: value, in: names))
            }
            if !actions.contains(action) { actions.append(action) }
        }
        return actions
    }
}
