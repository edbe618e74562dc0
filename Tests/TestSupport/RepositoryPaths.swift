import Foundation

/// Paths inside this repository and the build, for tests.
public enum RepositoryPaths {
    /// The repository root, derived from this file's location.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/TestSupport/RepositoryPaths.swift
        return url.path
    }()

    /// `Tests/TestSupport/Harness/NAME`.
    public static func support(_ name: String) -> String { "\(root)/Tests/TestSupport/Harness/\(name)" }

    /// The `dailyquote` binary: `$DAILYQUOTE_BIN`, else the one built beside the test bundle.
    public static var binary: String {
        if let override = ProcessInfo.processInfo.environment["DAILYQUOTE_BIN"], !override.isEmpty {
            return override
        }
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("dailyquote").path
    }

    /// A minimal environment for child processes: PATH, HOME and LANG only, plus `extra`.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ["PATH": "/usr/local/bin:/usr/bin:/bin:/opt/swift/usr/bin", "LANG": "C.UTF-8", "COLUMNS": "80"]
        if let tzdir = ProcessInfo.processInfo.environment["TZDIR"] { env["TZDIR"] = tzdir }
        return env.merging(extra) { $1 }
    }
}
