import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

extension Config {
    /// What `config check` warns about but accepts: local source files missing or unreadable now.
    ///
    /// Such a file may appear later, so it stays a failure of that source at refresh time, not a
    /// config error.
    ///
    /// One line each, `source[N].path: PATH does not exist`.
    package func sourceWarnings() -> [String] {
        var warnings: [String] = []
        for (index, source) in sources.enumerated() {
            guard source.kind == .fortune || source.kind == .file, let path = source.path else { continue }
            let key = "source[\(index + 1)].path"
            var isDirectory = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                warnings.append("\(key): \(path) does not exist; refresh will skip this source until it does")
            } else if isDirectory {
                warnings.append("\(key): \(path) is a directory; a \(source.kind.rawValue) source reads a file")
            } else if access(path, R_OK) != 0 {
                warnings.append("\(key): \(path) cannot be read (check its permissions)")
            }
        }
        return warnings
    }
}
