import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// A value kept from a large document owns what it holds: keeping one string of a
/// 30 MB MessagePack document and dropping the rest leaves the process less than
/// 1 MiB larger than before the read.
///
/// The measurement runs in a child process, this test binary started again with
/// only `measureAsChild` selected, so that no other test's allocations, and no
/// memory this process already holds, blur it. The child writes its numbers to a
/// file the parent names in `RetentionTests.reportVariable`.
@Suite struct RetentionTests {
    /// Set in the child's environment to the path its report is written to.
    static let reportVariable = "DATAMAPPER_RETENTION_REPORT"
    static let mebibyte = 1 << 20

    /// What the child measured.
    struct Report: Codable {
        /// The size of the MessagePack document read.
        var documentBytes: Int
        /// Anonymous resident bytes before the read, with nothing of the document held.
        var baselineBytes: Int
        /// Anonymous resident bytes after the read, holding only the kept value.
        var keptBytes: Int
        /// The kept value's text.
        var keptText: String?

        var growth: Int { keptBytes - baselineBytes }
    }

    @Test(
        "keeping one string of a 30 MB MessagePack document grows the process by less than 1 MiB",
        .enabled(if: ResidentMemory.isReadable, "resident memory is read from /proc/self/statm after malloc_trim, which only Linux with glibc has"),
        .disabled(if: ResidentMemory.isSanitized, "a sanitizer's allocator holds freed memory back, so resident memory cannot show what a value keeps")
    )
    func keptStringRetainsLittle() throws {
        let files = try TemporaryFiles()
        let reportPath = files.path("report.json")
        let run = try Self.runSelf(selecting: "RetentionTests/measureAsChild", environment: [Self.reportVariable: reportPath])
        let reportData = try #require(
            FileManager.default.contents(atPath: reportPath),
            "the child wrote no report (exit status \(run.status)); its output:\n\(run.output)"
        )
        let report = try JSONDecoder().decode(Report.self, from: reportData)
        #expect(report.documentBytes >= 30_000_000)
        #expect(report.keptText == RetentionDocument.keptText)
        #expect(
            report.growth < Self.mebibyte,
            "the kept value keeps \(report.growth) bytes (baseline \(report.baselineBytes), after \(report.keptBytes))"
        )
        print("retention: \(report.documentBytes) bytes of MessagePack read; anonymous memory \(report.baselineBytes) before, \(report.keptBytes) after: \(report.growth) bytes kept with one string")
    }

    @Test(
        "the retention test's child: reads the document and measures what one kept string keeps",
        .enabled(if: ProcessInfo.processInfo.environment[reportVariable] != nil, "runs only when keptStringRetainsLittle starts it")
    )
    func measureAsChild() throws {
        let reportPath = try #require(ProcessInfo.processInfo.environment[Self.reportVariable])
        let files = try TemporaryFiles()
        // The document goes to a file and its value tree and bytes are dropped before
        // the baseline: what the baseline holds then is the process itself, warmed by
        // building and writing the document (metadata, the writer's state), and
        // nothing the read could free. The read's bytes are loaded after the baseline
        // and dropped before the second measurement, so a value that still points into
        // them, into a block of its neighbours, or into a pool the reader filled shows
        // up as growth.
        let documentPath = try files.write("document.msgpack", MessagePackSerializer().serialize(RetentionDocument.value()))
        let baseline = try #require(ResidentMemory.anonymousBytesAfterTrim())
        let (kept, documentBytes) = try Self.readKeepingOneString(from: documentPath)
        let after = try #require(ResidentMemory.anonymousBytesAfterTrim())
        let report = withExtendedLifetime(kept) {
            Report(documentBytes: documentBytes, baselineBytes: baseline, keptBytes: after, keptText: kept.string)
        }
        try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: reportPath))
    }

    /// Reads the document and returns only the kept value; the bytes and the rest of
    /// the document are released when this returns.
    private static func readKeepingOneString(from path: String) throws -> (SupportedType, Int) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try MessagePackSerializer().deserialize(bytes)
        let kept = try #require(RetentionDocument.keptValue(in: document))
        return (kept, bytes.count)
    }

    /// Starts this test binary again with only the tests matching `filter` selected and
    /// `environment` added, waits for it (at most ten minutes: beside the whole suite on
    /// two busy cores it has taken three and a half), and returns its exit status and
    /// everything it printed.
    private static func runSelf(selecting filter: String, environment: [String: String]) throws -> (status: Int32, output: String) {
        let files = try TemporaryFiles()
        let outputPath = try files.write("output", Data())
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        let process = Process()
        // /proc/self/exe is the running test binary (.build/<configuration>/<Package>PackageTests.xctest
        // on Linux), whatever path or runner started it.
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = ContinuousClock.now + .seconds(600)
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        let text = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, text)
    }
}
