import ArgumentParser

/// The `datamapper` tool: converts, queries and checks documents in every format the
/// standard registry knows.
///
/// Exit status: 0 on success; 1 when input data is bad or a file cannot be read or
/// written (the message on standard error starts `file:line:column:`); argument-parser's
/// usage code (64) for a wrong command line. `diff` alone follows diff(1): 0 equal,
/// 1 different, 2 for any error.
struct DataMapperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datamapper",
        abstract: "Convert, query and validate JSON documents and the other formats DataMapper knows.",
        version: toolVersion,
        subcommands: [ConvertCommand.self, GetCommand.self, ValidateCommand.self, DiffCommand.self, FormatsCommand.self]
    )
}
