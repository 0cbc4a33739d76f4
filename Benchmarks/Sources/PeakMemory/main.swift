import BenchmarkSupport
import Foundation

// Peak resident memory of `datamapper convert` on a large document, in each direction
// between JSON and each other format; see the "Peak memory" section of
// Benchmarks/README.md.

/// Runs the measurement and returns the exit status.
func run() -> Int32 {
    let arguments: Arguments
    let measurement: Measurement
    let ceilings: PeakMemoryCeilings?
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
        if arguments.help {
            print(usage)
            return 0
        }
        ceilings = try arguments.ceilings()
        let corpus: URL
        do { corpus = try Corpus.locate(explicitPath: arguments.corpus) } catch { throw UsageError("\(error)") }
        measurement = Measurement(
            datamapper: try arguments.datamapperPath(), work: try arguments.workFolder(),
            sizeBytes: arguments.sizeMB * 1_000_000, corpus: corpus)
    } catch {
        progress("\(error)\n\n\(usage)")
        return 2
    }
    if arguments.check, arguments.sizeMB != Arguments.defaultSizeMB {
        progress("warning: the ceilings are stated for \(Arguments.defaultSizeMB) MB documents, not \(arguments.sizeMB) MB")
    }
    let results: [ConversionResult]
    do {
        try measurement.prepareDocument()
        results = try measurement.run(Conversion.all)
    } catch {
        progress("\(error)")
        return 1
    }
    print(Report.table(results, ceilings: ceilings), terminator: "")
    guard let ceilings else { return 0 }
    for ceiling in ceilings.unmatched(by: results.map(\.conversion.name)) {
        progress("warning: the ceiling for \"\(ceiling.conversion)\" names no conversion that ran")
    }
    let exceeded = results.filter { result in
        ceilings.maximumMiB(for: result.conversion.name).map { result.peakMiB > Double($0) } ?? false
    }
    for result in exceeded {
        print("exceeded: \(result.conversion.name) peaked at \(Int(result.peakMiB.rounded(.up))) MiB, above its ceiling of \(ceilings.maximumMiB(for: result.conversion.name) ?? 0) MiB")
    }
    return arguments.check && !exceeded.isEmpty ? 1 : 0
}

exit(run())
