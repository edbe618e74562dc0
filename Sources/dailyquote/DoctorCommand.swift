import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// `dailyquote doctor`: checks each reason a notification may not come, with the fix.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the config, the session bus, the notification server, the scheduler, the directories and the first source.",
        discussion: "Prints one line per check, `ok` or `FAIL` with the fix. Exit status 1 if any check fails."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Do not contact the first source.")
    var offline = false

    /// The deadline for reaching the first source.
    static let sourceDeadline: Duration = .seconds(5)

    func run() throws {
        let context = try CommandContext(global, tolerateInvalidConfig: true)
        let collector = context.statusCollector
        let engine = collector.engine()
        var probe: (@Sendable () throws -> String)?
        let tr = context.base.tr
        if !offline, let source = context.config.sources.first {
            probe = {
                let quote = try QuoteSourceReader().read(source, deadline: .now + Self.sourceDeadline)
                // TRANSLATORS: doctor's first-source check: the source's name, then the start of the quote it gave.
                return tr("%s gave \"%s\"", source.name, "\(quote.text.prefix(40))\(quote.text.count > 40 ? "…" : "")")
            }
        }
        var doctor = Doctor(
            environment: context.environment, loaded: context.loaded, configError: context.configError?.errorDescription,
            paths: context.paths, engine: engine, systemctl: Systemctl(subprocess: context.subprocess), serverInfo: collector.serverInfo,
            probeSource: probe)
        doctor.tr = tr
        doctor.zones = collector.zoneAgreement(unitsInstalled: !engine.unitsInstalled.isEmpty)
        doctor.futureRecords = collector.futureRecords()
        doctor.failedActions = collector.failedActions()
        doctor.postingPath = collector.postingPath
        doctor.autostartEntry = collector.autostartEntry
        if context.config.delivery.waitForPresence {
            let presence = SessionPresence(environment: context.environment, stop: .signals)
            doctor.presenceSignals = { presence.signals() }
        }
        let checks = doctor.run()
        for check in checks { print(check.line(tr)) }
        if checks.contains(where: { !$0.ok }) {
            throw CommandFailure(alreadyReported: .failed)
        }
    }
}
