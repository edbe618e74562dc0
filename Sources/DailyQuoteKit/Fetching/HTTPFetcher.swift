import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one URL with the fetch stage's rules: at most 5 redirects, only http and https,
/// never from https down to http, a body of at most 256 KiB, TLS verification as the system
/// does it (never turned off). It honours task cancellation, which is how the caller enforces
/// a total deadline: `URLRequest.timeoutInterval` is only an idle timeout.
public struct HTTPFetcher: Sendable {
    public static let maximumBody = 256 * 1024
    public static let maximumRedirects = 5

    public init() {}

    /// The body of a 2xx reply to GET `url` with `headers`.
    public func get(_ url: URL, headers: [String: String]) async throws(FetchError) -> Data {
        var request = URLRequest(url: url)
        request.setValue("dailyquote/0.1", forHTTPHeaderField: "User-Agent")
        request.setValue("application/json, text/plain;q=0.5", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let transfer = Transfer()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.start(continuation)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw .network(error.localizedDescription)
        }
    }
}

/// The delegate of one request: enforces the rules and hands the result to the continuation.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Data, Error>?
    private var body = Data()
    private var status = 0
    private var redirects = 0
    private var failure: FetchError?

    func start(_ continuation: CheckedContinuation<Data, Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Read the raw Location: libcurl may already have rewritten a file:// target.
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let target = URL(string: location, relativeTo: response.url)?.absoluteURL ?? request.url
        let refusal: String? = lock.withLock {
            redirects += 1
            if redirects > HTTPFetcher.maximumRedirects { return "more than \(HTTPFetcher.maximumRedirects) redirects" }
            let scheme = target?.scheme?.lowercased() ?? ""
            if !["http", "https"].contains(scheme) { return "to a \(scheme.isEmpty ? "schemeless" : scheme) URL" }
            if response.url?.scheme?.lowercased() == "https", scheme == "http" { return "from https to http" }
            return nil
        }
        if let refusal {
            // Declining the redirect ends the task with the 3xx reply; cancelling here as well
            // would make FoundationNetworking deliver the redirect callback twice and trap.
            lock.withLock { failure = .redirectRefused(refusal) }
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let code = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock { status = code }
        if !(200...299).contains(code) {
            lock.withLock { failure = failure ?? .httpStatus(code) }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = lock.withLock { () -> Bool in
            body.append(data)
            if body.count > HTTPFetcher.maximumBody {
                failure = .tooLarge
                return true
            }
            return false
        }
        // Stop reading: a 50 MB reply costs at most a little over 256 KiB.
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (continuation, result): (CheckedContinuation<Data, Error>?, Result<Data, Error>) = lock.withLock {
            let continuation = self.continuation
            self.continuation = nil
            if let failure { return (continuation, .failure(failure)) }
            if let error {
                let cancelled = (error as? URLError)?.code == .cancelled
                return (continuation, .failure(cancelled ? FetchError.timedOut : FetchError.network(error.localizedDescription)))
            }
            if !(200...299).contains(status) { return (continuation, .failure(FetchError.httpStatus(status))) }
            return (continuation, .success(body))
        }
        continuation?.resume(with: result)
    }
}
