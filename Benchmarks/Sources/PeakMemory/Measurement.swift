import BenchmarkSupport
import DataMapperJSON
import Foundation

/// Makes the large document in the work folder and runs every `Conversion` on it,
/// one child process at a time.
///
/// The JSON document stays in the work folder for the next run; each twin and the
/// JSON converted back from it are deleted once measured, so the folder needs room
/// for about four times the document at most.
struct Measurement {
    let datamapper: String
    let work: URL
    let sizeBytes: Int
    let corpus: URL

    var document: URL { work.appendingPathComponent("document.json") }

    /// Writes the JSON document unless one of the right size is already there.
    func prepareDocument() throws {
        let serializer = JSONSerializer()
        let records = try CorpusRecords(corpus: corpus).encoded(with: serializer.serialize)
        let layout = RecordFile.jsonDocument
        if layout.isReusable(at: document, bytes: sizeBytes, records: records) {
            progress("reusing \(document.path)")
            return
        }
        try WorkFolder.requireFreeSpace(4 * sizeBytes, in: work)
        progress("writing \(document.path) (\(sizeBytes / 1_000_000) MB)")
        try layout.write(to: document, bytes: sizeBytes, records: records)
    }

    /// Runs the conversions in order; a failed one ends the run with its error output.
    func run(_ conversions: [Conversion]) throws -> [ConversionResult] {
        let errorFile = work.appendingPathComponent("datamapper-stderr.txt")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var results: [ConversionResult] = []
        for conversion in conversions {
            let input = file(for: conversion.source, of: conversion)
            let output = file(for: conversion.target, of: conversion)
            guard let inputBytes = RecordFile.fileSize(input) else {
                throw BenchmarkError("\(conversion.name): the input \(input.path) is missing")
            }
            progress("running \(conversion.name) on \(input.lastPathComponent)")
            let child = try ChildProcess.run(datamapper, conversion.arguments(input: input, output: output), errorFile: errorFile)
            guard child.termination == .exited(0) else {
                throw BenchmarkError("\(conversion.name) failed (\(child.termination), peak \(child.peakKiB / 1024) MiB after \(String(format: "%.1f", child.wallTime.seconds)) s):\n\(child.standardError)")
            }
            results.append(ConversionResult(conversion: conversion, inputBytes: inputBytes, peakKiB: child.peakKiB, wallTime: child.wallTime))
            if conversion.target == "json" {
                try? FileManager.default.removeItem(at: input)
                try? FileManager.default.removeItem(at: output)
            }
        }
        return results
    }

    /// The file holding the document in `format` for `conversion`: the JSON document,
    /// its twin, or the JSON converted back from the twin.
    private func file(for format: String, of conversion: Conversion) -> URL {
        if format != "json" { return work.appendingPathComponent("document.\(format)") }
        return conversion.source == "json" ? document : work.appendingPathComponent("from-\(conversion.source).json")
    }
}
