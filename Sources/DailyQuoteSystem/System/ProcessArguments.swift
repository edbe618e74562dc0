import CLinuxEvents
import Glibc

/// This process's arguments, as glibc handed them to the program before `main`.
///
/// Swift's `CommandLine` reads them from /proc/self/cmdline, so where /proc is not mounted (a
/// bare chroot, a build environment, a minimal container) it has none, and every command would
/// look like a bare `dailyquote`. These are the strings on the stack, captured by
/// `CLinuxEvents` at start, which the holder's fork also rewrites (``Child``).
package enum ProcessArguments {
    /// The arguments, the program's name first; `CommandLine`'s where nothing was captured.
    package static let current: [String] = {
        let (argv, argc) = raw
        guard argc > 0 else { return CommandLine.arguments }
        return (0..<Int(argc)).map { argv[$0].map { String(cString: $0) } ?? "" }
    }()

    /// The argument vector itself and its length, for the holder's fork.
    package static var raw: (argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, argc: Int32) {
        var argc: Int32 = 0
        guard let argv = dq_process_arguments(&argc), argc > 0 else { return (CommandLine.unsafeArgv, CommandLine.argc) }
        return (argv, argc)
    }
}
