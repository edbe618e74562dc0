import Foundation

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `Tests/TestSupport/Harness/quote_server.py` on a free port of 127.0.0.1, stopped when released.
public final class QuoteServer {
    private let process = Process()
    private let input = Pipe()
    public let port: Int

    public init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryPaths.support("quote_server.py")]
        process.environment = RepositoryPaths.environment()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw ProcessRunner.SpawnError(description: "quote server did not report a port")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test runner's blocked signals are inherited by Process children.
        kill(process.processIdentifier, SIGKILL)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
