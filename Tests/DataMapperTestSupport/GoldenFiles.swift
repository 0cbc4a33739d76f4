import Foundation
import Testing

/// What a golden-file check does with a difference: fail (``compare``), or write the
/// new content over the file and still fail (``record``), so that a run which changed
/// a golden file never passes and a person reviews the change before committing it.
public enum GoldenMode: Sendable {
    /// Compare with the committed file; a difference or a missing file fails.
    case compare
    /// Write the content when it differs from the file or the file is missing, and
    /// record an issue naming the file written.
    case record

    /// The name of the environment variable that turns recording on when set to `1`.
    public static let environmentVariable = "DATAMAPPER_RECORD_GOLDEN"

    /// ``record`` when `DATAMAPPER_RECORD_GOLDEN=1`, ``compare`` otherwise.
    public static var current: GoldenMode {
        ProcessInfo.processInfo.environment[environmentVariable] == "1" ? .record : .compare
    }
}

/// The golden file `name` in `folder`, a folder beside the source file at `filePath`.
///
/// Golden files are read from the source tree, not from the test bundle, so that
/// recording writes the committed file itself.
public func goldenFile(named name: String, in folder: String, besideFile filePath: String) -> URL {
    URL(fileURLWithPath: filePath)
        .deletingLastPathComponent()
        .appendingPathComponent(folder, isDirectory: true)
        .appendingPathComponent(name)
}

/// Checks that `actual` is the text of the golden file `name`, kept in `folder`
/// beside the calling test's source file (the file of `sourceLocation`).
///
/// A difference fails and names the first line that differs; a missing file fails
/// and says how to record it. With `DATAMAPPER_RECORD_GOLDEN=1` the file is written
/// instead, and the check still fails so the change is reviewed (see ``GoldenMode``).
/// A golden file is checked by hand before it is committed, like any expected output.
public func expectMatchesGolden(
    _ actual: String,
    named name: String,
    in folder: String = "Golden",
    mode: GoldenMode = .current,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectMatchesGolden(Data(actual.utf8), named: name, in: folder, mode: mode, sourceLocation: sourceLocation)
}

/// Checks that `actual` holds the bytes of the golden file `name`, kept in `folder`
/// beside the calling test's source file, as the text variant does.
public func expectMatchesGolden(
    _ actual: Data,
    named name: String,
    in folder: String = "Golden",
    mode: GoldenMode = .current,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let file = goldenFile(named: name, in: folder, besideFile: sourceLocation.filePath)
    expectMatchesGolden(actual, file: file, mode: mode, sourceLocation: sourceLocation)
}

/// Checks that `actual` holds the bytes of the golden file at `file`; in ``GoldenMode/record``
/// writes them there when they differ, and fails saying so.
public func expectMatchesGolden(
    _ actual: Data,
    file: URL,
    mode: GoldenMode = .current,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let committed = FileManager.default.contents(atPath: file.path)
    if committed == actual { return }
    let recordHint = "run the test with \(GoldenMode.environmentVariable)=1 to write it, check the file by hand, and commit it"
    switch mode {
    case .compare:
        guard let committed else {
            Issue.record("the golden file \(file.path) does not exist; \(recordHint)", sourceLocation: sourceLocation)
            return
        }
        Issue.record(
            Comment(rawValue: "the output differs from the golden file \(file.path): \(firstDifference(committed, actual))"
                + "\nthe output:\n\(documentText(actual))\nif the new output is right, \(recordHint)"),
            sourceLocation: sourceLocation
        )
    case .record:
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: file, options: .atomic)
        } catch {
            Issue.record(error, "could not record the golden file \(file.path)", sourceLocation: sourceLocation)
            return
        }
        Issue.record(
            Comment(rawValue: "recorded the golden file \(file.path) (\(committed == nil ? "new" : "changed")); review the change "
                + "(git diff), commit it, and run again without \(GoldenMode.environmentVariable)"),
            sourceLocation: sourceLocation
        )
    }
}

/// Where `actual` first departs from `expected`: the line number and both lines, or
/// the byte offset when either is not UTF-8 text.
private func firstDifference(_ expected: Data, _ actual: Data) -> String {
    guard let expectedText = String(data: expected, encoding: .utf8), let actualText = String(data: actual, encoding: .utf8) else {
        let offset = zip(expected, actual).prefix { $0 == $1 }.count
        return "first different byte at offset \(offset) (\(expected.count) bytes expected, \(actual.count) written)"
    }
    let expectedLines = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actualText.split(separator: "\n", omittingEmptySubsequences: false)
    for number in 0..<max(expectedLines.count, actualLines.count) {
        let wanted = number < expectedLines.count ? "«\(expectedLines[number])»" : "(no line)"
        let got = number < actualLines.count ? "«\(actualLines[number])»" : "(no line)"
        if wanted != got { return "line \(number + 1) is \(got), the golden file has \(wanted)" }
    }
    return "the texts differ in line endings or encoding"
}
