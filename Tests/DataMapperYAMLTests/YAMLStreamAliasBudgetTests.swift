import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// The alias budget (``ParsingLimits/maxExpandedValues``, ``ParsingLimits/maxExpandedBytes``)
/// of a stream read document by document is each document's own, as
/// ``ParsingLimits/maxInputBytes`` is.
@Suite struct YAMLStreamAliasBudgetTests {
    /// Three aliases of a list of five one-digit numbers: each copies 6 values (the
    /// list and its items) and 11 bytes (one for the list, one more than its text for
    /// each item), 18 values and 33 bytes in all.
    static let document = "---\na: &a [1, 2, 3, 4, 5]\nb: *a\nc: *a\nd: *a\n"
    /// The same with a fourth alias, on its sixth line: 24 values and 44 bytes.
    static let overBudget = document + "e: *a\n"

    static func options(values: Int = 18, bytes: Int? = 33) -> YAMLSerializer.Options {
        var options = YAMLSerializer.Options()
        options.limits.maxExpandedValues = values
        options.limits.maxExpandedBytes = bytes
        return options
    }

    @Test("one document at the budget reads; one past it is refused (the counts above are right)")
    func budgetOfOneDocument() throws {
        #expect(try YAMLSerializer(options: Self.options()).deserializeAll(Data(Self.document.utf8)).count == 1)
        #expect(throws: DataMapperError.self) { try YAMLSerializer(options: Self.options(values: 17)).deserializeAll(Data(Self.document.utf8)) }
        #expect(throws: DataMapperError.self) { try YAMLSerializer(options: Self.options(bytes: 32)).deserializeAll(Data(Self.document.utf8)) }
    }

    @Test("a stream of many documents each at the budget reads, however much they expand together", arguments: [1, 64 * 1024])
    func manyDocumentsAtTheBudget(chunk: Int) throws {
        let bytes = Array(String(repeating: Self.document, count: 50).utf8)
        let chunks = stride(from: 0, to: bytes.count, by: chunk).map { bytes[$0..<min($0 + chunk, bytes.count)] }
        let documents = try streamYAML(chunks, options: Self.options())
        #expect(documents.count == 50, "900 values copied in all, 18 in each")
    }

    @Test("one document past the budget fails, naming its number and the alias's line", arguments: [
        (Self.options(values: 18, bytes: nil), "aliases expand to more than 18 values in one document"),
        (Self.options(values: 1_000, bytes: 33), "aliases expand to more than 33 bytes in one document"),
    ])
    func oneDocumentPastTheBudget(options: YAMLSerializer.Options, problem: String) throws {
        let text = String(repeating: Self.document, count: 3) + Self.overBudget + Self.document
        let error = try #require(throws: DataMapperError.self) { try streamYAML([Array(text.utf8)[...]], options: options) }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "document 4: " + problem)
        // Documents 1 to 3 take lines 1 to 15; the fourth alias of document 4 is on line 21.
        #expect(error.location?.position == .text(line: 21, column: 4))
    }
}
