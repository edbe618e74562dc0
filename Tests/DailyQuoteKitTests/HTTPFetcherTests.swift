import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("HTTPFetcher")
struct HTTPFetcherTests {
    @Test("A 2xx body is returned, with the caller's header sent")
    func fetches() throws {
        let server = try QuoteServer()
        let body = try HTTPFetcher().get(
            try #require(URL(string: server.url("ninjas"))), headers: ["X-Api-Key": "secret-key"], deadline: .now + .seconds(5))
        #expect(String(decoding: body, as: UTF8.self).contains("Little strokes fell great oaks."))
    }

    @Test(
        "A cancellation from another thread ends a transfer to a server that never answers, long before its deadline",
        .timeLimit(.minutes(3)))
    func cancellation() throws {
        let server = try QuoteServer()
        let url = try #require(URL(string: server.url("hang")))
        // The deadline is an hour away and the server never replies: only the cancellation ends
        // the transfer, with `.timedOut`, whether it comes before the transfer starts or during it.
        // No clock is read, so a busy machine cannot fail it; the time limit only stops a broken
        // build from hanging for the hour.
        let cancellation = FetchCancellation()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            cancellation.cancel()
        }
        #expect(throws: FetchError.timedOut) {
            try HTTPFetcher().get(url, headers: [:], deadline: .now + .seconds(3600), cancellation: cancellation)
        }
    }

    @Test("A header with a line break is refused before anything is sent, without its value in the error")
    func headerInjection() throws {
        let server = try QuoteServer()
        let url = try #require(URL(string: server.url("zen")))
        let error = #expect(throws: FetchError.self) {
            try HTTPFetcher().get(url, headers: ["X-Api-Key": "secret\r\nX-Evil: 1"], deadline: .now + .seconds(5))
        }
        #expect(error == .network("header X-Api-Key contains a line break"))
    }

    @Test("A refused connection is a network error, not a crash or a timeout")
    func refused() throws {
        // Port 1 on loopback: nothing listens there in a test sandbox.
        let url = try #require(URL(string: "http://127.0.0.1:1/"))
        let error = #expect(throws: FetchError.self) {
            try HTTPFetcher().get(url, headers: [:], deadline: .now + .seconds(5))
        }
        guard case .network(let message) = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(message.lowercased().contains("connect"))
    }

    @Test(
        "libcurl's message is said once: the specific error, not its class in front of it",
        arguments: ["http://nonexistent.invalid/", "http://127.0.0.1:1/"])
    func singleMessage(address: String) throws {
        // `.invalid` never resolves (RFC 2606); port 1 on loopback refuses.
        let url = try #require(URL(string: address))
        let error = #expect(throws: FetchError.self) {
            try HTTPFetcher().get(url, headers: [:], deadline: .now + .seconds(10))
        }
        guard case .network(let message) = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        let parts = message.components(separatedBy: ": ")
        #expect(Set(parts).count == parts.count, "a part repeats: \(message)")
        #expect(!message.hasPrefix("Couldn't resolve host name"), "\(message)")
        #expect(!message.hasPrefix("Couldn't connect to server:"), "\(message)")
        #expect(message.lowercased().components(separatedBy: "resolve").count <= 2, "\(message)")
        if address.contains(".invalid") { #expect(message.contains("nonexistent.invalid"), "\(message)") }
    }

    @Test(
        "Redirect rules: relative targets resolve; no scheme but http(s); never https to http",
        arguments: [
            ("http://a.example/x", "/y", "http://a.example/y"), ("https://a.example/x", "https://b.example/z", "https://b.example/z"),
            ("http://a.example/x", "https://b.example/", "https://b.example/"), ("https://a.example/x", "http://b.example/", nil),
            ("http://a.example/x", "file:///etc/passwd", nil), ("http://a.example/x", "ftp://a.example/q", nil),
        ])
    func redirects(from: String, location: String, expected: String?) throws {
        let current = try #require(URL(string: from))
        let target = try? HTTPFetcher.redirectTarget(location, from: current)
        #expect(target?.absoluteString == expected)
    }
}
