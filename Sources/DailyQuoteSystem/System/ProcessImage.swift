import Glibc

/// This process's program image.
package enum ProcessImage {
    /// Replaces the image with this binary (`/proc/self/exe`) and the same arguments; returns
    /// only if that fails, with why.
    ///
    /// `run` starts afresh this way after a fetch, to shed the threads the fetch left behind
    /// (docs/performance.md). The detached children not yet reaped (holders) go with it, for
    /// the new image to reap (``Child/adoptFromEarlierImage()``).
    package static func restart() -> SystemError {
        setenv(Child.unreapedVariable, Child.unreapedList, 1)
        execv("/proc/self/exe", ProcessArguments.raw.argv)
        let error = SystemError.last("execv")
        unsetenv(Child.unreapedVariable)
        return error
    }
}
