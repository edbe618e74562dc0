import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

extension CommandEnvironment {
    /// The environment for the parsed global options, reading the real environment and clock.
    init(_ options: GlobalOptions, variables: [String: String] = EnvironmentVariables.current(), clock: () -> Date = Date.init) {
        self.init(config: options.config, verbosity: options.verbose, variables: variables, clock: clock)
    }
}

extension CommandContext {
    /// Loads everything for `options`, reading the real environment and clock.
    ///
    /// With `tolerateInvalidConfig` (for `status` and `doctor`), a broken config file is
    /// recorded in ``configError`` and the built-in defaults stand in for it.
    init(_ options: GlobalOptions, tolerateInvalidConfig: Bool = false) throws {
        try self.init(CommandEnvironment(options), tolerateInvalidConfig: tolerateInvalidConfig)
    }
}
