/// Why one source gave no acceptable quote.
///
/// The text goes into the attempt list.
package enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case httpStatus(Int)
    case tooLarge
    case redirectRefused(String)
    case network(String)
    case timedOut
    case invalidUTF8
    case invalidJSON
    case missingField(String)
    case apiError(String)
    case rejected(QuoteAcceptance.Rejection)
    case repeated
    /// The quote is acceptable but `[quotes]` refuses it.
    case refused(QuotesConfig.Refusal)
    /// No record of a local file passes `[quotes]`; the text says how many each key refused,
    /// and the key names the `[quotes]` key that refused the most (nil when only the general
    /// rules refused them).
    case noQuotePasses(String, refusedBy: String?)
    case unreadable(String)
    /// The headers take these environment variables (`${NAME}`), which are not set.
    case unsetVariables([String])

    /// Whether `[quotes]` refused the source's one quote (not a local source's whole file).
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case .httpStatus(let code): "HTTP \(code)"
        case .tooLarge: "reply larger than 256 KiB"
        case .redirectRefused(let why): "redirect refused: \(why)"
        case .network(let message): message
        case .timedOut: "deadline reached"
        case .invalidUTF8: "reply is not valid UTF-8"
        case .invalidJSON: "reply is not valid JSON"
        case .missingField(let pointer): "no string at \(pointer) in the reply"
        case .apiError(let message): "the API reported an error: \(message)"
        case .rejected(let rejection): rejection.description
        case .repeated: "the quote was delivered in the last 365 days"
        case .refused(let refusal): refusal.description
        case .noQuotePasses(let why, _): why
        case .unreadable(let message): message
        case .unsetVariables(let names):
            "not asked: the environment variable\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")), which its headers take, "
                + "\(names.count == 1 ? "is" : "are") not set; for the timers, set \(names.count == 1 ? "it" : "them") in ~/.config/environment.d/"
        }
    }
}
