import Foundation

/// One measured conversion: `datamapper convert` of a generated input in one format
/// to another.
///
/// A conversion reads either the large single JSON document or the long JSON Lines
/// stream, or the twin made of one of them. The "to" direction (`json-to-F`,
/// `jsonl-to-F`) makes the twin in format F; the "from" direction converts that twin
/// back.
struct Conversion: Sendable {
    /// What a conversion's input was generated as, which sets the memory it may take.
    enum Input: Sendable {
        /// One large document: memory within three times its size.
        case document
        /// A stream of records: memory within 64 MiB and four times the largest record,
        /// whatever the length of the stream.
        case stream
    }

    let source: String
    let target: String
    let input: Input

    /// The name a thresholds file uses, e.g. `json-to-msgpack`.
    var name: String { "\(source)-to-\(target)" }

    /// The format of the generated file on the JSON side.
    static func generatedFormat(of input: Input) -> String { input == .document ? "json" : "jsonl" }

    /// The formats other than JSON a single document is converted to and back, in order.
    static let twinFormats = ["msgpack", "yaml", "xml"]

    /// Every conversion of the single document, in the order they run: each twin is
    /// made just before it is read.
    static let document: [Conversion] = twinFormats.flatMap { format in
        [Conversion(source: "json", target: format, input: .document),
         Conversion(source: format, target: "json", input: .document)]
    }

    /// The conversions of the stream: to MessagePack and back.
    static let stream = [
        Conversion(source: "jsonl", target: "msgpack", input: .stream),
        Conversion(source: "msgpack", target: "jsonl", input: .stream),
    ]

    /// Whether this conversion reads the generated file, rather than its twin.
    var readsGeneratedFile: Bool { source == Self.generatedFormat(of: input) }

    /// The `datamapper` arguments that convert `input` to `output`. The formats are
    /// named so that nothing is guessed, and `--quiet` leaves out the loss report
    /// (going to XML, every number loses its type), which the tool then never makes.
    func arguments(input: URL, output: URL) -> [String] {
        ["convert", input.path, "--from", source, "--to", target, "-o", output.path, "--quiet"]
    }

    /// The peak memory the issue allows: three times a single document's size, or
    /// 64 MiB and four times the largest record of a stream.
    func goalBytes(inputBytes: Int, largestRecordBytes: Int) -> Int {
        switch input {
        case .document: 3 * inputBytes
        case .stream: 64 << 20 + 4 * largestRecordBytes
        }
    }
}
