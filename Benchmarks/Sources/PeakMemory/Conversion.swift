import Foundation

/// One measured conversion: `datamapper convert` of a document in one format to another.
///
/// Every conversion has the large JSON document on one side. The "to" direction
/// (`json-to-F`) makes the document's twin in format F; the "from" direction
/// (`F-to-json`) converts that twin back.
struct Conversion: Sendable {
    let source: String
    let target: String

    /// The name a thresholds file uses, e.g. `json-to-msgpack`.
    var name: String { "\(source)-to-\(target)" }

    /// The formats other than JSON, in the order they are measured.
    static let twinFormats = ["msgpack", "yaml", "xml"]

    /// Every conversion, in the order they run: each twin is made just before it is read.
    static let all: [Conversion] = twinFormats.flatMap { format in
        [Conversion(source: "json", target: format), Conversion(source: format, target: "json")]
    }

    /// The `datamapper` arguments that convert `input` to `output`. The formats are
    /// named so that nothing is guessed, and `--quiet` leaves out the loss report
    /// (going to XML, every number loses its type), which the tool then never makes.
    func arguments(input: URL, output: URL) -> [String] {
        ["convert", input.path, "--from", source, "--to", target, "-o", output.path, "--quiet"]
    }
}
