import Glibc

/// This process's program image.
package enum ProcessImage {
    /// Replaces the image with this binary (`/proc/self/exe`) and the same arguments; returns
    /// only if that fails, with why.
    ///
    /// `run` starts afresh this way after a fetch, to shed the threads the fetch left behind
    /// (docs/performance.md).
    package static func restart() -> SystemError {
        execv("/proc/self/exe", ProcessArguments.raw.argv)
        return SystemError.last("execv")
    }
}
