import BenchmarkSupport
import DataMapperJSON
import Foundation

// Peak resident memory of `datamapper convert` on a large document, in each direction
// between JSON and each other format; see the "Peak memory" section of
// Benchmarks/README.md.

/// Runs the measurement and returns the exit status.
func run() -> Int32 {
    let arguments: Arguments
    let measurements: [Measurement]
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
        let records = try CorpusRecords(corpus: corpus).encoded(with: JSONSerializer().serialize)
        let (datamapper, work) = (try arguments.datamapperPath(), try arguments.workFolder())
        measurements = [(Conversion.Input.document, arguments.sizeMB), (.stream, arguments.streamMB)]
            .filter { $0.1 > 0 }
            .map { input, sizeMB in
                Measurement(datamapper: datamapper, work: work, input: input, sizeBytes: sizeMB * 1_000_000, records: records)
            }
    } catch {
        progress("\(error)\n\n\(usage)")
        return 2
    }
    if arguments.check, arguments.sizeMB != Arguments.defaultSizeMB || arguments.streamMB != Arguments.defaultStreamMB {
        progress("warning: the ceilings are stated for a \(Arguments.defaultSizeMB) MB document and a \(Arguments.defaultStreamMB) MB stream")
    }
    var results: [ConversionResult] = []
    do {
        for measurement in measurements {
            try measurement.prepareInput()
            results += try measurement.run(measurement.input == .document ? Conversion.document : Conversion.stream)
        }
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
