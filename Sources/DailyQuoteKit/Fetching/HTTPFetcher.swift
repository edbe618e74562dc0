import FoundationEssentials

/// Fetches one URL with the fetch stage's rules: at most 5 redirects, only http and https,
/// never from https down to http, a body of at most 256 KiB, TLS certificates verified (never
/// turned off).
///
/// The deadline is total: libcurl's `CURLOPT_TIMEOUT_MS` bounds each hop with the time left.
/// (`URLRequest.timeoutInterval` is only an idle timeout, which a trickling server never trips.)
package struct HTTPFetcher: Sendable {
    package static let maximumBody = 256 * 1024
    package static let maximumRedirects = 5

    package init() {}

    /// The body of a 2xx reply to GET `url` with `headers`, before `deadline`.
    ///
    /// Blocks the calling thread; `cancellation`, from another thread, ends it at once.
    package func get(
        _ url: URL, headers: [String: String], deadline: ContinuousClock.Instant, cancellation: FetchCancellation? = nil
    ) throws(FetchError) -> Data {
        let transfer = try CurlTransfer()
        let fetch = { () throws(FetchError) in try Self.fetch(url, headers: headers, deadline: deadline, transfer) }
        guard let cancellation else { return try fetch() }
        return try cancellation.during(transfer, fetch)
    }

    /// Follows the redirect rules hop by hop on the calling thread.
    private static func fetch(_ start: URL, headers: [String: String], deadline: ContinuousClock.Instant, _ transfer: CurlTransfer)
        throws(FetchError) -> Data
    {
        var lines = ["User-Agent: dailyquote/0.1", "Accept: application/json, text/plain;q=0.5"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            // A line break would smuggle in a header of its own; the value may be a secret, so it is not shown.
            // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
            guard !(name + value).utf8.contains(where: { $0 == 13 || $0 == 10 }) else {
                throw .network("header \(name) contains a line break")
            }
            lines.removeAll { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            lines.append("\(name): \(value)")
        }
        var url = start
        for redirect in 0...maximumRedirects {
            let left = deadline - .now
            guard left > .zero else { throw .timedOut }
            let reply = try transfer.get(url.absoluteString, headers: lines, timeout: left, maximumBody: maximumBody)
            if (300...399).contains(reply.status), let location = reply.location {
                guard redirect < maximumRedirects else { throw .redirectRefused("more than \(maximumRedirects) redirects") }
                url = try redirectTarget(location, from: url)
                continue
            }
            guard (200...299).contains(reply.status) else { throw .httpStatus(reply.status) }
            return reply.body
        }
        throw .redirectRefused("more than \(maximumRedirects) redirects")
    }

    /// Where a redirect leads, if the rules allow following it.
    static func redirectTarget(_ location: String, from current: URL) throws(FetchError) -> URL {
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
            throw .redirectRefused("unreadable Location \(location)")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard ["http", "https"].contains(scheme) else {
            throw .redirectRefused("to a \(scheme.isEmpty ? "schemeless" : scheme) URL")
        }
        if current.scheme?.lowercased() == "https", scheme == "http" { throw .redirectRefused("from https to http") }
        return target
    }
}
