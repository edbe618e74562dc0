import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// `dailyquote config init`.
struct ConfigInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented default config file.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Overwrite an existing config file.")
    var force = false

    /// Writes the template to the config path; through a symbolic link (a dotfiles layout), to
    /// the file the link points at, so that the link stays.
    func run() throws {
        let context = CommandEnvironment(global)
        let paths = context.paths
        let path = global.config ?? paths.defaultConfigFile
        // True to the sources this person gets without [[source]]: the fortune file of their language, or ZenQuotes.
        let text = ConfigTemplate.text(for: DefaultSources(languages: context.tr.languages))
        guard let target = SymbolicLink.finalTarget(of: path) else {
            if FileManager.default.fileExists(atPath: path), !force {
                throw CommandFailure("\(path) already exists; use --force to overwrite it")
            }
            try AtomicFile.write(Data(text.utf8), to: path)
            print("wrote \(path)")
            return
        }
        if FileManager.default.fileExists(atPath: target), !force {
            throw CommandFailure("\(path) already exists (a symbolic link to \(target)); use --force to overwrite \(target)")
        }
        // A missing directory is a dotfiles checkout or a mount that is not there: not ours to create.
        let directory = PathName.directory(of: target)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
            throw CommandFailure(
                "\(path) is a symbolic link to \(target), whose directory \(directory) does not exist; create it, or remove the link")
        }
        try AtomicFile.write(Data(text.utf8), to: target)
        print("wrote \(target) (through the symbolic link \(path))")
    }
}
