import ArgumentParser
import DataMapperCore
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
            replaced only once the whole conversion has succeeded. What the output cannot \
            keep (comments, types XML lacks, ...) is listed on standard error; --strict \
            refuses such a conversion instead.

            A stream (a YAML file of several documents, several JSON texts, JSON Lines, \
            MessagePack values back to back) converts document by document: each stays a \
            document of the output (JSON: one text per line). XML holds one document, so \
            several going to XML need --wrap or --document.

            JSON, JSON Lines, YAML and MessagePack input going to JSON, JSON Lines, YAML \
            or MessagePack is read and written one document at a time, in memory about \
            the size of the largest document, from a file or a pipe: --max-input-bytes \
            then bounds each document, and the whole input has no limit unless \
            --max-stream-bytes gives one. The loss report then follows the output, and on \
            standard output the documents before a bad one may already be written (not \
            under --strict). A file (not a pipe) is mapped into memory and its arrays, \
            dictionaries and XML elements over 1 MiB convert an item at a time, so one \
            large document needs little more than its size; this way XML output streams \
            too. --wrap and --sort-keys hold the whole document. A large file shows a \
            progress bar on a terminal.
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

    @Flag(name: .long, help: "Write every document as an item of one array (into XML: <root><item>…</item></root>).")
    var wrap = false

    @Option(name: .long, help: ArgumentHelp("Convert only document N of a stream, counted from 1.", valueName: "N"))
    var document: Int?

    @Flag(inversion: .prefixedNo, help: "Show a progress bar on standard error (default: for a file over 8 MiB, when standard error is a terminal and --quiet is not given).")
    var progress: Bool?

    @OptionGroup(title: "Loss report")
    var losses: LossReportOptions

    @OptionGroup(title: "Conversion options")
    var conversion: ConversionOptionFlags

    @OptionGroup(title: "Reading options")
    var reading: ReadingOptionFlags

    func validate() throws {
        if wrap, document != nil { throw ValidationError("--wrap and --document cannot be used together: wrap every document, or pick one") }
        if let document, document < 1 { throw ValidationError("--document \(document): documents are counted from 1") }
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
            let opened = try OpenedInput(InputSource(argument: input))
            let readingOptions = reading.options
            let format = try selection.inputFormat(named: fromFormat, source: opened.source, data: opened.prefix)
            let target = try selection.outputFormat(named: toFormat, outputPath: output, inputFormat: format)
            let options = conversion.applying(to: FormatWriteOptions(style: layout?.style ?? .compact, sortKeys: sortKeys))
            // Streamed, each document is bounded by --max-input-bytes and the whole only by
            // --max-stream-bytes; a device (endless, like /dev/zero) is read whole.
            if opened.isStreamable, var streaming = StreamingConversion(
                input: opened, source: format, target: target, selection: documentSelection,
                options: options, reading: readingOptions, losses: losses, outputPath: output
            ) {
                try checkStreamSize(of: opened)
                if ProgressBar.isShown(forced: progress, quiet: losses.quiet, size: opened.size, standardErrorIsTerminal: ProgressBar.standardErrorIsTerminal),
                   let size = opened.size {
                    streaming.progress = ProgressBar(total: size)
                }
                try streaming.run()
                return
            }
            let data = try WholeInputLimit.read(readingOptions.limits, inputName: opened.source.displayName) { try opened.readWhole(limit: $0) }
            let stream = try LoadedStream(source: opened.source, data: data, format: format, reading: readingOptions)
            let documents = try stream.select(documentSelection, into: target)
            if losses.isWanted {
                let delivery = LossReportDelivery(options: losses, inputName: stream.source.displayName, source: stream.format, target: target)
                try delivery.deliver(try stream.lossReport(selecting: documentSelection, to: target, options: options))
            }
            try OutputSink(argument: output).write(try stream.write(documents, in: target, options: options))
        }
    }

    /// Refuses a regular file larger than --max-stream-bytes from its size, before any
    /// output is opened; the stream reader refuses a pipe once it passes the limit.
    private func checkStreamSize(of opened: OpenedInput) throws {
        guard let limit = reading.options.limits.maxStreamBytes, let size = opened.size, size > limit else { return }
        throw WholeInputLimit.tooLarge(limit, size: size, inputName: opened.source.displayName)
    }

    /// What `--wrap` and `--document` ask for.
    var documentSelection: DocumentSelection {
        if wrap { return .wrapped }
        if let document { return .only(document) }
        return .each
    }
}
