import CCurl
import FoundationEssentials
import Glibc

/// Owns one libcurl transfer (`dq_http`) and frees it in `deinit`.
///
/// libcurl is loaded with `dlopen` on first use, so commands that never fetch never load it and
/// its libraries. A transfer is used by one thread at a time; only ``cancel()`` may be called
/// from another (it sets an atomic flag that the transfer polls: CCurl.c).
final class CurlTransfer: Sendable {
    /// One reply: its status, its Location header and its (decoded) body.
    struct Reply: Sendable, Equatable {
        var status: Int
        var location: String?
        var body: Data
    }

    // Unchecked (a C pointer is not Sendable): libcurl's handle is used by one thread at a time,
    // and the one call from another, `dq_http_cancel`, only stores to an `atomic_int`.
    nonisolated(unsafe) private let handle: OpaquePointer

    /// A new transfer; throws `.network` if libcurl cannot be loaded.
    init() throws(FetchError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = dq_http_new(&message, message.count) else {
            throw .network(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    deinit { dq_http_free(handle) }

    /// Ends a ``get(_:headers:timeout:maximumBody:)`` in progress, or the next one.
    func cancel() { dq_http_cancel(handle) }

    /// GETs `url` and returns the reply, without following redirects.
    ///
    /// Blocks the calling thread.
    func get(_ url: String, headers: [String], timeout: Duration, maximumBody: Int) throws(FetchError) -> Reply {
        // Whole milliseconds rounded up: truncated, libcurl's timeout ended up to a millisecond
        // before the caller's deadline, and a fetch stage whose first source hung until the total
        // deadline then started the next source just before it, reporting it as failed
        // ("deadline reached") instead of skipped.
        let milliseconds = Int((timeout / .milliseconds(1)).rounded(.up))
        var pointers = headers.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        let result = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
                dq_http_get(handle, url, $0.baseAddress, $0.count, milliseconds, maximumBody)
            }
        }
        switch result {
        case DQ_HTTP_OK:
            var length = 0
            let bytes = dq_http_body(handle, &length)
            let body = bytes.map { Data(bytes: $0, count: length) } ?? Data()
            return Reply(status: dq_http_status(handle), location: dq_http_location(handle).map { String(cString: $0) }, body: body)
        case DQ_HTTP_TIMED_OUT, DQ_HTTP_CANCELLED: throw .timedOut
        case DQ_HTTP_TOO_LARGE: throw .tooLarge
        default: throw .network(String(cString: dq_http_message(handle)))
        }
    }
}
