import ArgumentParser
import DataMapperCore
import DataMapperFormats
import Foundation

/// `datamapper get`: prints the value at a key path.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a key path, such as servers[2].port.",
        discussion: """
            A string prints as its raw text, without quotes or escapes, so that shell \
            scripts can use it directly; with --to it is written in that format instead \
            (--to json prints it quoted). Any other value prints as JSON, or in the --to \
            format. An empty key path, or '.', means the whole document. A path that leads \
            nowhere exits with status 1 and a message naming it.

            Key paths: 'a.b' steps into key b of a, 'a[2]' (or 'a.`2`') into element 2 of \
            an array; a leading '.' is allowed, as yq writes it ('.spec.replicas'). A key \
            after a dot runs to the next '.' or '[', so a key that contains either goes in \
            brackets and quotes: 'metadata.labels["app.kubernetes.io/name"]'.

            A stream of several documents (YAML ---, several JSON texts, JSON Lines) prints \
            one result per document, in order: one line each, or with --to a stream of \
            that format. A document that lacks the path is an error naming its number.
            """
    )

    @Argument(help: "The key path, for example 'database.pool.max', 'upstreams[0].host' or 'labels[\"app.kubernetes.io/name\"]'.")
    var keyPath: String

    @Argument(help: "The input file; standard input when omitted or '-'.")
    var input: String?

    @Option(name: .long, help: "The input format (see 'datamapper formats').")
    var from: String?

    @Option(name: .long, help: "The output format; JSON when omitted.")
    var to: String?

    @Flag(name: .long, help: "Lay the output out for people: one entry per line, indented.")
    var pretty = false

    @OptionGroup(title: "Conversion options")
    var conversion: ConversionOptionFlags

    @OptionGroup(title: "Reading options")
    var reading: ReadingOptionFlags

    func validate() throws {
        let selection = FormatSelection(registry: .standard)
        if let from { _ = try selection.named(from, option: "--from") }
        if let to { _ = try selection.named(to, option: "--to") }
        do {
            _ = try DataPath(parsing: keyPath)
        } catch let error as DataMapperError {
            throw ValidationError("KEYPATH '\(keyPath.escapingControlCharacters)': \(error.message.escapingControlCharacters) at column \(error.location?.column ?? 1)")
        }
    }

    func run() throws {
        let selection = FormatSelection(registry: .standard)
        let fromFormat = try from.map { try selection.named($0, option: "--from") }
        let toFormat = try to.map { try selection.named($0, option: "--to") }
        let path = try DataPath(parsing: keyPath)
        try reportingFailures {
            let stream = try LoadedStream(source: InputSource(argument: input), format: fromFormat, selection: selection, reading: reading.options)
            guard !stream.documents.isEmpty else {
                throw stream.failure("the input holds no documents, so nothing is at '\(keyPath)'")
            }
            let values = try stream.documents.enumerated().map { number, document in
                do {
                    return try document.value(at: path)
                } catch var error as DataMapperError {
                    if stream.documents.count > 1 { error.problem = "document \(number + 1): " + error.problem }
                    throw error.inFile(stream.source.displayName)
                }
            }
            let options = conversion.applying(to: FormatWriteOptions(style: pretty ? .pretty : .compact))
            if let toFormat {
                guard values.count == 1 || toFormat.writesStreams else {
                    throw stream.failure(
                        "\(toFormat.name) holds one document and the input holds \(stream.countDescription); "
                            + "print one value per document in a format with streams, such as json or yaml")
                }
                try OutputSink(argument: nil).write(try stream.write(values, in: toFormat, options: options))
                return
            }
            // One line per document: a string as its raw text, anything else as JSON.
            var output = Data()
            for value in values {
                if case .string(let text) = value.kind {
                    output.append(Data((text + "\n").utf8))
                } else {
                    output.append(try stream.write([value], in: .json, options: options))
                }
            }
            try OutputSink(argument: nil).write(output)
        }
    }
}
