/// Path arithmetic on plain strings, as `NSString` did it (FoundationEssentials has no
/// `NSString`): the directory part and the last component.
package enum PathName {
    /// `path` without its last component: `/a/b` → `/a`, `/a` → `/`, `b` → `""`; trailing
    /// slashes are ignored.
    package static func directory(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// The last component of `path`: `/a/b/` → `b`, `/` → `/`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without trailing slashes, except that `/` stays `/`.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return String(result)
    }
}
