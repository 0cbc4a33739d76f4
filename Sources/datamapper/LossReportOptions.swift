import ArgumentParser

/// The options of `convert` that say what to do with the loss report: the list of
/// what the target format cannot keep (see `ConversionReport`).
struct LossReportOptions: ParsableArguments {
    @Flag(name: .long, help: "Refuse a conversion that would lose anything: print the report, write nothing, exit 1.")
    var strict = false

    @Flag(name: .long, help: "Do not print the loss report on standard error.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("Also write the loss report as JSON to FILE (even with --quiet).", valueName: "FILE"))
    var report: String?

    /// Whether anything will use the report, so that it is worth making.
    var isWanted: Bool { strict || !quiet || report != nil }
}
