import ArgumentParser
import DataMapperCore
import DataMapperFormats
import Foundation

/// `datamapper validate`: checks that files parse.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that documents parse.",
        discussion: """
            Prints 'FILE: ok (N documents)' for each good file, having checked every \
            document of a stream (YAML ---, several JSON texts, JSON Lines, MessagePack \
            values back to back). For a bad one prints 'file:line:column: message' on \
            standard error. Exits with status 1 when any file failed; every file is \
            checked either way.
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
                let stream = try LoadedStream(source: source, format: fromFormat, selection: selection, reading: reading.options)
                let line = "\(source.displayName.escapingControlCharacters): ok (\(stream.countDescription))\n"
                try OutputSink(argument: nil).write(Data(line.utf8))
            } catch let error as DataMapperError {
                StandardError.print(error.toolDescription)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
