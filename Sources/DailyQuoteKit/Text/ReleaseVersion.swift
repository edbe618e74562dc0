/// dailyquote's version: the one place it is written (semantic versioning, docs/development.md).
///
/// `dailyquote --version` prints it; `scripts/version` reads it from this file for the Debian
/// package, the man page, the desktop entry and the AppStream metadata, and a test checks that
/// CHANGELOG.md's latest release is this version.
package enum ReleaseVersion {
    /// The version of this build, `MAJOR.MINOR.PATCH`.
    package static let current = "1.0.0"
}
