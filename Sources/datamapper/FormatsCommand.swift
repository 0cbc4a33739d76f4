import ArgumentParser
import DataMapperFormats
import Foundation

/// `datamapper formats`: lists the formats the tool knows.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the formats the tool reads and writes, with their file extensions and media types."
    )

    func run() throws {
        let table = FormatsTable(registry: .standard).text
        try OutputSink(argument: nil).write(Data(table.utf8))
    }
}
