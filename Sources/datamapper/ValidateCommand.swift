import ArgumentParser
import DataMapper
import DataMapperFormats
import Foundation

/// `datamapper validate`: checks that files parse.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that documents parse.",
        discussion: """
            Prints 'FILE: ok' for each good file. For a bad one prints \
            'file:line:column: message' on standard error. Exits with status 1 when any \
            file failed; every file is checked either way.
            """
    )

    @Argument(help: "The files to check; '-' reads standard input.")
    var inputs: [String]

    @Option(name: .long, help: "The format of every input, instead of detecting each one's.")
    var from: String?

    @OptionGroup(title: "Reading options")
    var reading: ReadingOptionFlags

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Missing expected argument '<inputs> ...'") }
        if let from { _ = try FormatSelection(registry: .standard).named(from, option: "--from") }
    }

    func run() throws {
        let selection = FormatSelection(registry: .standard)
        let fromFormat = try from.map { try selection.named($0, option: "--from") }
        var failed = false
        for input in inputs {
            let source = InputSource(argument: input)
            do {
                _ = try LoadedDocument(source: source, format: fromFormat, selection: selection, reading: reading.options)
                try OutputSink(argument: nil).write(Data("\(source.displayName.escapingControlCharacters): ok\n".utf8))
            } catch let error as DataMapperError {
                StandardError.print(error.toolDescription)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
