import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// ``ParsingLimits/maxStreamBytes``: no total limit by default, a refusal naming the
/// limit once a stream read document by document passes it.
@Suite struct StreamTotalLimitTests {
    /// Five JSON Lines documents of 10 bytes each, 50 bytes in all.
    static let stream = Array(String(repeating: "{\"a\":123}\n", count: 5).utf8)

    static func reading(maxInputBytes: Int = 16, maxStreamBytes: Int?) -> FormatReadOptions {
        FormatReadOptions(limits: ParsingLimits(maxInputBytes: maxInputBytes, maxStreamBytes: maxStreamBytes))
    }

    /// Reads `bytes` in chunks of `chunk` through the JSON Lines stream reader.
    static func read(_ bytes: [UInt8], chunk: Int, reading: FormatReadOptions) throws(DataMapperError) -> [SupportedType] {
        guard let reader = DataFormat.jsonl.streamReader(reading: reading) else {
            throw DataMapperError(.unsupported, message: "no JSON Lines stream reader")
        }
        let chunks = stride(from: 0, to: bytes.count, by: chunk).map { bytes[$0..<min($0 + chunk, bytes.count)] }
        return try readDocuments(of: chunks, with: reader)
    }

    @Test("without a total limit, documents each under maxInputBytes pass however many", arguments: [1, 7, 64])
    func noTotalLimit(chunk: Int) throws {
        #expect(ParsingLimits.default.maxStreamBytes == nil)
        let documents = try Self.read(Self.stream, chunk: chunk, reading: Self.reading(maxStreamBytes: nil))
        #expect(documents.count == 5)
        #expect(Self.stream.count > 16, "the stream is larger than maxInputBytes")
    }

    @Test("a stream of exactly maxStreamBytes passes", arguments: [1, 7, 64])
    func atTheLimit(chunk: Int) throws {
        let documents = try Self.read(Self.stream, chunk: chunk, reading: Self.reading(maxStreamBytes: 50))
        #expect(documents.count == 5)
    }

    @Test("a stream past maxStreamBytes fails with limitExceeded naming the limit", arguments: [1, 7, 64])
    func pastTheLimit(chunk: Int) throws {
        let error = try #require(throws: DataMapperError.self) {
            try Self.read(Self.stream, chunk: chunk, reading: Self.reading(maxStreamBytes: 49))
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.remedy?.setting == .maxStreamBytes)
        #expect(error.problem == "the input is more than the stream limit of 49 bytes")
        #expect(error.message.contains("ParsingLimits.maxStreamBytes (now 49)"), "\(error.message)")
    }

    @Test("the documents before the limit is passed are read; none after")
    func documentsBeforeTheLimit() throws {
        var reader = try #require(DataFormat.jsonl.streamReader(reading: Self.reading(maxStreamBytes: 25)))
        var documents: [SupportedType] = []
        var failure: DataMapperError?
        for line in 0..<5 {
            reader.append(Self.stream[(line * 10)..<(line * 10 + 10)])
            do {
                while let document = try reader.next() { documents.append(document) }
            } catch {
                failure = error
                break
            }
        }
        #expect(documents.count == 2, "the two lines within the 25 bytes")
        #expect(failure?.kind == .limitExceeded)
    }
}
