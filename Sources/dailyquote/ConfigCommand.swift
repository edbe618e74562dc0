import ArgumentParser
import DailyQuoteKit
import Foundation

/// `dailyquote config`: check, locate and create the config file.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check, locate or create the config file.",
        subcommands: [Check.self, Path.self, Init.self]
    )

    /// `dailyquote config check`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate the config file; print 'ok: <path>' or the problem (exit 78).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try CommandContext(global)
            if !context.loaded.fileExists {
                context.logger.notice("\(context.loaded.path) does not exist; the built-in defaults apply")
            }
            print("ok: \(context.loaded.path)")
        }
    }

    /// `dailyquote config path`.
    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the config, cache and state paths in use (XDG variables respected).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
            print("config: \(global.config ?? paths.defaultConfigFile)")
            print("cache:  \(paths.cacheDirectory)")
            print("state:  \(paths.stateDirectory)")
        }
    }

    /// `dailyquote config init`.
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a commented default config file.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Overwrite an existing config file.")
        var force = false

        func run() async throws {
            let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
            let path = global.config ?? paths.defaultConfigFile
            if FileManager.default.fileExists(atPath: path), !force {
                throw CommandFailure("\(path) already exists; use --force to overwrite it")
            }
            try AtomicFile.write(Data(ConfigTemplate.text.utf8), to: path)
            print("wrote \(path)")
        }
    }
}

extension AtomicFile.WriteError: UserFacingError {
    public var exitCode: Int32 { 73 }  // EX_CANTCREAT
}
