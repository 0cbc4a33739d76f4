import ArgumentParser
import DataMapperCore
import DataMapperFormats
import Foundation

/// `datamapper diff`: compares two documents by value, whatever their formats.
///
/// Exit status follows diff(1): 0 when the documents are equal, 1 when they differ,
/// 2 when an input cannot be read or parsed and for a wrong command line (see
/// ``errorExitCode``).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two documents by value and print the paths where they differ.",
        discussion: """
            The documents may be in different formats: each one's format comes from \
            --from-a/--from-b (or --from for both), else its extension, else its content. \
            Streams (YAML ---, several JSON texts, JSON Lines) are compared document by \
            document, each line then starting 'document N:'. \
            Values are compared, not text: key order, layout, quoting and comments do not \
            count, and a JSON 1 equals a YAML 1. Kinds do count: the integer 1 differs \
            from the floating-point 1.0 and from the string "1" (XML text is always \
            strings). Each difference is one line, its path written as 'get' reads it: \
            'spec.replicas: 3 != 4', 'only in A: metadata.labels.tier', \
            'only in B: ports[2]'; '.' is the whole document. Exit status: 0 when the \
            documents are equal, 1 when they differ, 2 on an error, a wrong command line \
            included.
            """
    )

    /// The exit status for an error, a wrong command line included: diff(1)'s 2 (not
    /// the tool's usual 1, nor argument-parser's 64), so that 1 always means "different".
    static let errorExitCode: Int32 = 2

    @Argument(help: "The first document; '-' reads standard input.")
    var a: String

    @Argument(help: "The second document; '-' reads standard input.")
    var b: String

    @Option(name: .long, help: "The format of both documents, instead of detecting each one's.")
    var from: String?

    @Option(name: .customLong("from-a"), help: "The format of the first document.")
    var fromA: String?

    @Option(name: .customLong("from-b"), help: "The format of the second document.")
    var fromB: String?

    @Flag(name: .shortAndLong, help: "Print nothing; only the exit status tells.")
    var quiet = false

    func validate() throws {
        if a == "-" && b == "-" { throw ValidationError("only one of the two documents can be standard input ('-')") }
        _ = try formats()
    }

    func run() throws {
        let selection = FormatSelection(registry: .standard)
        let (formatA, formatB) = try formats()
        let differences: [String]
        do {
            let first = try LoadedStream(source: InputSource(argument: a), format: formatA, selection: selection)
            let second = try LoadedStream(source: InputSource(argument: b), format: formatB, selection: selection)
            differences = Self.differences(between: first.documents, and: second.documents)
        } catch let error as DataMapperError {
            StandardError.print(error.description)
            throw ExitCode(Self.errorExitCode)
        }
        guard !differences.isEmpty else { return }
        if !quiet {
            let text = differences.joined(separator: "\n") + "\n"
            try OutputSink(argument: nil).write(Data(text.utf8))
        }
        throw ExitCode.failure
    }

    /// One line per difference. Two single documents are compared as they are; when
    /// either input is a stream, documents are compared in pairs by number and each
    /// line starts with `document N:`, a document without a partner being `only in`.
    static func differences(between a: [SupportedType], and b: [SupportedType]) -> [String] {
        if a.count == 1, b.count == 1 { return DocumentDifference.between(a[0], and: b[0]).map(\.line) }
        return (0..<max(a.count, b.count)).flatMap { index -> [String] in
            let number = index + 1
            guard index < a.count else { return ["only in B: document \(number)"] }
            guard index < b.count else { return ["only in A: document \(number)"] }
            return DocumentDifference.between(a[index], and: b[index]).map { "document \(number): " + $0.line }
        }
    }

    /// The formats named for the two documents; `nil` for one to detect.
    private func formats() throws -> (DataFormat?, DataFormat?) {
        let selection = FormatSelection(registry: .standard)
        let both = try from.map { try selection.named($0, option: "--from") }
        let first = try fromA.map { try selection.named($0, option: "--from-a") } ?? both
        let second = try fromB.map { try selection.named($0, option: "--from-b") } ?? both
        return (first, second)
    }
}
