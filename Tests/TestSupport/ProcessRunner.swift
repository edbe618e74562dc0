import Foundation

/// The result of running a child process to completion.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs for tests, with an explicit environment and optional standard input.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`; `environment` replaces the whole environment.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Read both pipes concurrently with the child so that neither can fill up and block it.
        let outData = ReadBuffer(out.fileHandleForReading)
        let errData = ReadBuffer(err.fileHandleForReading)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData.wait(), as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self))
    }
}

/// Drains a file handle on a background thread.
private final class ReadBuffer: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
