import ArgumentParser
import DataMapper
import DataMapperFormats

/// `datamapper convert`: reads a document in one format and writes it in another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a document from one format to another.",
        discussion: """
            The input format comes from --from, else the input file's extension, else its \
            content. The output format comes from --to, else the extension of the -o file, \
            else it is the input format. Text output ends with a newline. An -o file is \
            replaced only once the whole conversion has succeeded.
            """
    )

    @Argument(help: "The input file; standard input when omitted or '-'.")
    var input: String?

    @Option(name: .long, help: "The input format (see 'datamapper formats').")
    var from: String?

    @Option(name: .long, help: "The output format.")
    var to: String?

    @Option(name: .shortAndLong, help: "The output file; standard output when omitted or '-'.")
    var output: String?

    @Flag(exclusivity: .exclusive, help: "Output layout.")
    var layout: LayoutFlag?

    @Flag(name: .long, help: "Write dictionary keys sorted instead of in their order.")
    var sortKeys = false

    @OptionGroup(title: "Conversion options")
    var conversion: ConversionOptionFlags

    @OptionGroup(title: "Reading options")
    var reading: ReadingOptionFlags

    func validate() throws {
        if output?.isEmpty == true { throw ValidationError("-o: the output path is empty; give a file, or - for standard output") }
        let selection = FormatSelection(registry: .standard)
        let fromFormat = try from.map { try selection.named($0, option: "--from") }
        let toFormat = try to.map { try selection.named($0, option: "--to") }
        // Checks an unknown -o extension now, so that it is a usage error.
        _ = try selection.outputFormat(named: toFormat, outputPath: output, inputFormat: fromFormat ?? .json)
    }

    func run() throws {
        let selection = FormatSelection(registry: .standard)
        let fromFormat = try from.map { try selection.named($0, option: "--from") }
        let toFormat = try to.map { try selection.named($0, option: "--to") }
        try reportingFailures {
            let document = try LoadedDocument(source: InputSource(argument: input), format: fromFormat, selection: selection, reading: reading.options)
            let target = try selection.outputFormat(named: toFormat, outputPath: output, inputFormat: document.format)
            let options = conversion.applying(to: FormatWriteOptions(style: layout?.style ?? .compact, sortKeys: sortKeys))
            let bytes = try document.write(in: target, options: options)
            try OutputSink(argument: output).write(bytes)
        }
    }
}
