import FoundationEssentials
import Glibc

/// Where a chain of symbolic links ends: what a dotfiles layout points a config file at.
package enum SymbolicLink {
    /// The most links followed, as the kernel's own limit (ELOOP).
    static let maximumLinks = 40

    /// The path `path`'s chain of symbolic links ends at, whether or not a file is there; nil
    /// when `path` is not a symbolic link, or the chain loops or cannot be read.
    ///
    /// A relative link is read from its own directory, as the kernel reads it; the directory part
    /// of the result is resolved where it exists (`~/.config/a/../../dotfiles/x` is named
    /// `/home/ada/dotfiles/x`).
    package static func finalTarget(of path: String) -> String? {
        var current = path
        var followed = 0
        while let target = destination(of: current) {
            followed += 1
            guard followed <= maximumLinks else { return nil }
            current = target.hasPrefix("/") ? target : "\(physical(PathName.directory(of: current)))/\(target)"
        }
        guard followed > 0 else { return nil }
        let directory = physical(PathName.directory(of: current))
        return directory == "/" ? "/\(PathName.lastComponent(of: current))" : "\(directory)/\(PathName.lastComponent(of: current))"
    }

    /// `directory` with every link and `..` resolved (realpath(3)), or as it is when it does not exist.
    static func physical(_ directory: String) -> String {
        guard let resolved = realpath(directory.isEmpty ? "." : directory, nil) else { return directory }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the link at `path` points, as written; nil when `path` is not a symbolic link.
    static func destination(of path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The end of `path`'s chain of links when nothing is there: `path` is a broken link.
    package static func danglingTarget(of path: String) -> String? {
        guard let target = finalTarget(of: path), !FileManager.default.fileExists(atPath: target) else { return nil }
        return target
    }
}
