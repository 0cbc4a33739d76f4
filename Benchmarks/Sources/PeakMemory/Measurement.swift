import BenchmarkSupport
import Foundation

/// Makes a large generated file in the work folder and runs `Conversion`s on it, one
/// child process at a time.
///
/// The generated file stays in the work folder for the next run; each twin and the
/// file converted back from it are deleted once measured, so the folder needs room
/// for about four times the generated file at most.
struct Measurement {
    let datamapper: String
    let work: URL
    let input: Conversion.Input
    let sizeBytes: Int
    /// The corpus records, each encoded as compact JSON.
    let records: [[Data]]

    /// The generated file: one JSON document, or a JSON Lines stream of the records.
    var generated: URL { work.appendingPathComponent(input == .document ? "document.json" : "stream.jsonl") }

    /// The size of the largest record, which bounds a stream's memory.
    var largestRecordBytes: Int { records.joined().map(\.count).max() ?? 0 }

    /// Writes the generated file unless one of the right size is already there.
    func prepareInput() throws {
        let layout = input == .document ? RecordFile.jsonDocument : RecordFile.jsonLines
        if layout.isReusable(at: generated, bytes: sizeBytes, records: records) {
            progress("reusing \(generated.path)")
            return
        }
        try WorkFolder.requireFreeSpace(4 * sizeBytes, in: work)
        progress("writing \(generated.path) (\(sizeBytes / 1_000_000) MB)")
        try layout.write(to: generated, bytes: sizeBytes, records: records)
    }

    /// Runs the conversions in order; a failed one ends the run with its error output.
    func run(_ conversions: [Conversion]) throws -> [ConversionResult] {
        let errorFile = work.appendingPathComponent("datamapper-stderr.txt")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var results: [ConversionResult] = []
        for conversion in conversions {
            let source = file(for: conversion.source, of: conversion)
            let output = file(for: conversion.target, of: conversion)
            guard let inputBytes = RecordFile.fileSize(source) else {
                throw BenchmarkError("\(conversion.name): the input \(source.path) is missing")
            }
            progress("running \(conversion.name) on \(source.lastPathComponent)")
            let child = try ChildProcess.run(datamapper, conversion.arguments(input: source, output: output), errorFile: errorFile)
            guard child.termination == .exited(0) else {
                throw BenchmarkError("\(conversion.name) failed (\(child.termination), peak \(child.peakKiB / 1024) MiB after \(String(format: "%.1f", child.wallTime.seconds)) s):\n\(child.standardError)")
            }
            results.append(ConversionResult(
                conversion: conversion, inputBytes: inputBytes, peakKiB: child.peakKiB, wallTime: child.wallTime,
                goalBytes: conversion.goalBytes(inputBytes: inputBytes, largestRecordBytes: largestRecordBytes)))
            if conversion.target == Conversion.generatedFormat(of: input) {
                try? FileManager.default.removeItem(at: source)
                try? FileManager.default.removeItem(at: output)
            }
        }
        return results
    }

    /// The file holding the input in `format` for `conversion`: the generated file,
    /// its twin, or the file converted back from the twin.
    private func file(for format: String, of conversion: Conversion) -> URL {
        let generatedFormat = Conversion.generatedFormat(of: input)
        let stem = input == .document ? "document" : "stream"
        if format != generatedFormat { return work.appendingPathComponent("\(stem).\(format)") }
        return conversion.readsGeneratedFile ? generated : work.appendingPathComponent("from-\(conversion.source).\(format)")
    }
}
