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
    /// No record of a local file passes `[quotes]`; the text says how many each key refused.
    case noQuotePasses(String)
    case unreadable(String)

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
        case .noQuotePasses(let why): why
        case .unreadable(let message): message
        }
    }
}
