import DailyQuoteSystem
import FoundationEssentials

/// What a JSON file written whole (by ``AtomicFile``) holds: nothing, something that does not
/// decode, or a value.
package enum JSONFile<Value: Decodable & Sendable & Equatable>: Sendable, Equatable {
    case absent
    /// The file is there but unusable; the payload says why.
    case corrupt(String)
    case valid(Value)

    /// Reads `path`; `problem` says what makes a decoded value unusable, if anything.
    package init(at path: String, problem: (Value) -> String? = { _ in nil }) {
        guard let data = FileManager.default.contents(atPath: path) else {
            self = .absent
            return
        }
        do {
            let value = try JSONDecoder().decode(Value.self, from: data)
            self = problem(value).map { .corrupt($0) } ?? .valid(value)
        } catch {
            self = .corrupt(error.message)
        }
    }
}
