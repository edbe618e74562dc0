/// dailyquote's version: the one place it is written (semantic versioning, docs/development.md).
///
/// `dailyquote --version` and `status --json` print it; `scripts/version` reads it from this file
/// for the Debian package, the man page, the desktop entry and the AppStream metadata, and
/// `packaging/release-notes.py check` fails when it and CHANGELOG.md disagree.
package enum ReleaseVersion {
    /// The version of this build: `MAJOR.MINOR.PATCH` for a release, `MAJOR.MINOR.PATCH~dev` for
    /// any commit after one (the next release's number; `~` sorts it below that release in dpkg).
    package static let current = "1.0.1~dev"
}
