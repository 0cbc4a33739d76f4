import ArgumentParser
import Foundation

// The entry point: argument-parser reads the command line and runs a subcommand.
// A wrong `diff` command line exits with diff's error status (2) instead of 64, so
// that its status 1 keeps meaning "the documents differ".
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    var command = try DataMapperCommand.parseAsRoot(arguments)
    try command.run()
} catch {
    if arguments.first == DiffCommand.configuration.commandName,
       DataMapperCommand.exitCode(for: error) == .validationFailure {
        StandardError.print(DataMapperCommand.fullMessage(for: error))
        exit(DiffCommand.errorExitCode)
    }
    DataMapperCommand.exit(withError: error)
}
