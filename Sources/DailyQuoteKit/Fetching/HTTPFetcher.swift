import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches one URL with the fetch stage's rules: at most 5 redirects, only http and https,
/// never from https down to http, a body of at most 256 KiB, TLS certificates verified (never
/// turned off).
///
/// The deadline is total: `execute(deadline:)` bounds the whole exchange, and the
/// caller's task cancellation stops it too. (`URLRequest.timeoutInterval` is only an idle
/// timeout, which a trickling server never trips.)
public struct HTTPFetcher: Sendable {
    public static let maximumBody = 256 * 1024
    public static let maximumRedirects = 5

    public init() {}

    /// The body of a 2xx reply to GET `url` with `headers`, before `deadline`.
    public func get(_ url: URL, headers: [String: String], deadline: ContinuousClock.Instant) async throws(FetchError) -> Data {
        var configuration = HTTPClient.Configuration()
        // Redirects are followed below, so that the rules about them are ours.
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .size(Self.maximumBody))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let body = try await fetch(url, headers: headers, deadline: deadline, client: client)
            try? await client.shutdown()
            return body
        } catch {
            try? await client.shutdown()
            throw Self.classify(error)
        }
    }

    private func fetch(_ start: URL, headers: [String: String], deadline: ContinuousClock.Instant, client: HTTPClient) async throws -> Data
    {
        var url = start
        for redirect in 0...Self.maximumRedirects {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "User-Agent", value: "dailyquote/0.1")
            request.headers.add(name: "Accept", value: "application/json, text/plain;q=0.5")
            for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
            let left = deadline - .now
            guard left > .zero else { throw FetchError.timedOut }
            let response = try await client.execute(request, deadline: .now() + .nanoseconds(Int64(left / .nanoseconds(1))))
            let code = Int(response.status.code)
            if (300...399).contains(code), let location = response.headers.first(name: "location") {
                guard redirect < Self.maximumRedirects else {
                    throw FetchError.redirectRefused("more than \(Self.maximumRedirects) redirects")
                }
                url = try Self.redirectTarget(location, from: url)
                continue
            }
            guard (200...299).contains(code) else { throw FetchError.httpStatus(code) }
            let buffer = try await response.body.collect(upTo: Self.maximumBody)
            return Data(buffer.readableBytesView)
        }
        throw FetchError.redirectRefused("more than \(Self.maximumRedirects) redirects")
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

    /// A ``FetchError`` for anything the client threw.
    static func classify(_ error: Error) -> FetchError {
        if let fetch = error as? FetchError { return fetch }
        if error is NIOTooManyBytesError { return .tooLarge }
        if error is CancellationError { return .timedOut }
        if let client = error as? HTTPClientError {
            if client == .deadlineExceeded || client == .cancelled || client == .readTimeout { return .timedOut }
            return .network("\(client)")
        }
        return .network("\(error)")
    }
}
