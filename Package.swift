// swift-tools-version:6.2
import PackageDescription

// A warning in the project's own code is an error, in every build (CI's included): its Swift and C
// build with none. SwiftPM applies these to this package's targets only, never to a dependency's.
let warningsAreErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]
let cWarningsAreErrors: [CSetting] = [.treatAllWarnings(as: .error)]

// The binary links FoundationEssentials only: all of Foundation (with ICU) would double its
// size and add a millisecond to every start. Members of modules a file does not import
// must not resolve, so that a Foundation-only API is a compile error, not a silent link.
let foundationEssentialsOnly: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

// glibc's checked variants of the libc calls our C code makes (hardening; docs/performance.md
// measured it). Release only: it needs an optimized build. Not through -Xcc for the whole build:
// Swift's own Glibc module would then disagree with the C modules about glibc's inline wrappers.
let fortifySource: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]

let package = Package(
    name: "dailyquote",
    products: [
        .executable(name: "dailyquote", targets: ["dailyquote"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", .upToNextMinor(from: "0.6.0")),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "dailyquote",
            dependencies: [
                "DailyQuoteKit",
                "DailyQuoteSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: foundationEssentialsOnly + warningsAreErrors
        ),
        // The system seam: system calls, descriptors, children, signals (System/) and the error
        // kinds (Errors/). Its own module, so that the rest names what it uses of it by import;
        // scripts/system-boundary lets only it and the few files it lists import Glibc or a C target.
        .target(
            name: "DailyQuoteSystem",
            dependencies: [
                "CLinuxEvents",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: foundationEssentialsOnly + warningsAreErrors
        ),
        .target(
            name: "DailyQuoteKit",
            dependencies: [
                "DailyQuoteSystem",
                "DailyQuoteResources",
                "CLibnotify",
                "CGio",
                "CCurl",
                "CGettext",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: foundationEssentialsOnly + warningsAreErrors
        ),
        // The bundled data (example config, later the quote collection), embedded in the binary.
        .target(
            name: "DailyQuoteResources",
            path: "Resources",
            exclude: ["README.md"],
            sources: ["BundledResource.swift"],
            resources: [.embedInCode("config.example.toml"), .embedInCode("quotes.json")],
            swiftSettings: warningsAreErrors
        ),
        // libnotify (libnotify-dev), without its pkg-config file: that asks to link gdk-pixbuf,
        // which the binary never uses (include/gdk-pixbuf/gdk-pixbuf.h says why). The module map
        // links libnotify alone; GLib's include paths come from CGio's pkg-config.
        .target(name: "CLibnotify", dependencies: ["CGio"], cSettings: cWarningsAreErrors),
        // glibc's gettext (<libintl.h> is not in Swift's Glibc module); only Text/Translator imports it.
        .systemLibrary(name: "CGettext"),
        // GDBus: the presence wait (logind, the screensaver, Inhibited) and GNOME's notification API
        // (org.gtk.Notifications, the action service); Gio/ and Presence/ import it.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // timerfd, inotify and eventfd for the `run` scheduler: Glibc's module leaves them out.
        .target(name: "CLinuxEvents", cSettings: fortifySource + cWarningsAreErrors),
        // HTTP for the fetch stage: libcurl, opened with dlopen by `refresh` and `run` only.
        // Linking it (or FoundationNetworking) loads 40-odd shared libraries into every command
        // (measured: --version 6.9 ms -> 13.4 ms); AsyncHTTPClient instead adds NIO and two
        // copies of BoringSSL to the binary and to every build.
        .target(name: "CCurl", cSettings: fortifySource + cWarningsAreErrors, linkerSettings: [.linkedLibrary("dl")]),
        // Helpers shared by the test targets: temp directories, child processes, repo paths, the
        // sandbox and the scenario runners, and (Fakes/) the fakes of the library's seams, which
        // use its package-level types. Tests/README.md lists them.
        .target(
            name: "TestSupport",
            dependencies: [
                "DailyQuoteKit", "DailyQuoteSystem",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport",
            // The shell and Python harnesses the tests run, as files (shellcheck reads them).
            exclude: ["Harness"],
            swiftSettings: warningsAreErrors
        ),
        .testTarget(
            name: "DailyQuoteKitTests",
            dependencies: ["DailyQuoteKit", "DailyQuoteSystem", "TestSupport"],
            swiftSettings: warningsAreErrors
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["dailyquote", "TestSupport"],
            exclude: ["Golden"],
            swiftSettings: warningsAreErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Tests/Fuzz/run.sh) exist only in a fuzzing build: without
// -sanitize=fuzzer there is no main() to link.
if Context.environment["DAILYQUOTE_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(name: "dailyquote-fuzz", dependencies: ["DailyQuoteKit"], path: "Tests/Fuzz/Sources/dailyquote-fuzz"))
}
