import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import Logging

/// `dailyquote action-service`: what the session bus starts for dailyquote's application id
/// when a button of a GNOME notification is pressed (internal; not shown in help).
///
/// It answers the press (Copy, Save, Another, as the holder does, with the config's `[quotes]`
/// filters for Another) and exits after a few seconds without calls.
struct ActionServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "action-service",
        abstract: "Answer the buttons of dailyquote's GNOME notifications (started by the session bus).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        // A broken config must not lose a press: the defaults stand in.
        let context = try CommandContext(global, tolerateInvalidConfig: true)
        if let error = context.configError { context.logger.warning("the config cannot be used (\(error.message)); using the defaults") }
        do {
            try context.actionService.run()
        } catch {
            throw CommandFailure("the action service cannot run: \(error.message)", kind: .unavailable)
        }
    }
}
