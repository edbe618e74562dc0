import DailyQuoteSystem

extension Config {
    /// What `config check` warns about but accepts: local source files missing or unreadable now.
    ///
    /// Such a file may appear later, so it stays a failure of that source at refresh time, not a
    /// config error.
    ///
    /// One line each, `source[N].path: PATH does not exist; …`.
    package func sourceWarnings() -> [String] {
        var warnings: [String] = []
        for (index, source) in sources.enumerated() {
            guard source.kind.readsFile, let path = source.path else { continue }
            let key = "source[\(index + 1)].path"
            // The same words as the source's failure at refresh time (UnreadableFile).
            if let reason = UnreadableFile.reason(path) {
                warnings.append("\(key): \(path) \(reason); refresh will skip this source until it can read it")
            }
        }
        return warnings
    }

    /// What `config check` warns about the environment variables the sources' headers take.
    ///
    /// A variable not set here fails its source at refresh time; one set here but missing from
    /// `managerEnvironment` (the systemd user manager's, which the timers and the generator run
    /// with) fails it under the timers only. With `managerEnvironment` nil (no user manager to
    /// ask, as under `dailyquote run`, which has the environment of the session that started it)
    /// only this environment is checked.
    ///
    /// One line each, `source[N].headers: …`; never a value.
    package func secretWarnings(managerEnvironment: [String: String]?) -> [String] {
        var warnings: [String] = []
        for (index, source) in sources.enumerated() {
            let key = "source[\(index + 1)].headers"
            for name in source.headerVariables {
                let inManager = managerEnvironment.map { !($0[name] ?? "").isEmpty }
                if source.unsetVariables.contains(name) {
                    let manager = inManager == true ? " (the systemd user manager has it, so the timers can send it)" : ""
                    warnings.append(
                        "\(key): the environment variable \(name) is not set; refresh will skip this source until it is\(manager)")
                } else if inManager == false {
                    warnings.append(
                        "\(key): \(name) is set here but not in the systemd user manager's environment, which the timers run with, "
                            + "so their refresh will skip this source; set it in ~/.config/environment.d/ (see environment.d(5)) "
                            + "and log in again, or run `systemctl --user import-environment \(name)`")
                }
            }
        }
        return warnings
    }
}
