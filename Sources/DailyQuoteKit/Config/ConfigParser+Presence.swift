import TOMLKit

extension TOMLTableReader {
    /// A boolean, if present (`delivery.wait_for_presence`).
    func presenceFlag(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else {
            throw error(.wrongType, key, "expected true or false, found \(Self.describe(value))")
        }
        return flag
    }
}
