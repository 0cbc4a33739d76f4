import BareLibXML2
import BenchmarkSupport
import DataMapper
import DataMapperXML
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XMLCoder

/// XML rows for every `.xml` file of the corpus, all in the same run:
/// - parse to a ``SupportedType`` against XMLCoder's decode into partial models,
///   a bare Foundation `XMLParser` pass and a bare libxml2 SAX2 pass;
/// - emit (compact) against libxml2's `xmlDocDumpMemory` of the same document.
enum XMLBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        var comparisons: [Comparison] = []
        for file in try Corpus.files(in: corpus, suffix: "xml") {
            comparisons += try rows(for: file)
        }
        return BenchmarkGroup(name: "xml", comparisons: comparisons)
    }

    private static func rows(for file: URL) throws -> [Comparison] {
        let name = file.lastPathComponent
        let data = try Data(contentsOf: file)
        let xml = XMLSerializer()
        let ours = Contender(name: "DataMapper") { try xml.deserialize(data).shallowCount }
        // Inputs for the emit row, made once and outside the timing.
        let value = try xml.deserialize(data)
        let document = try BareLibXML2.Document(data)

        var rows: [Comparison] = []
        if let decode = xmlCoderDecode(for: name, data) {
            rows.append(Comparison(subject: name, operation: "parse vs XMLCoder", bytes: data.count, ours: ours,
                                   peer: Contender(name: "XMLCoder decode", body: decode)))
        }
        rows.append(Comparison(subject: name, operation: "parse vs XMLParser", bytes: data.count, ours: ours,
                               peer: Contender(name: "XMLParser bare") { try bareXMLParser(data) }))
        rows.append(Comparison(subject: name, operation: "parse vs SAX2", bytes: data.count, ours: ours,
                               peer: Contender(name: "libxml2 SAX2 bare") { try BareLibXML2.saxEventCount(data) }))
        rows.append(Comparison(subject: name, operation: "emit", bytes: data.count,
                               ours: Contender(name: "DataMapper") { try xml.serializeToBytes(value).count },
                               peer: Contender(name: "xmlDocDumpMemory") { document.dump() }))
        return rows
    }

    /// XMLCoder decoding the partial model of a known corpus document.
    private static func xmlCoderDecode(for name: String, _ data: Data) -> (() throws -> Int)? {
        switch name {
        case "twitter.xml":
            return { try XMLDecoder().decode(TwitterXML.self, from: data).statuses.count }
        case "citm_catalog.xml":
            return { try XMLDecoder().decode(CitmXML.self, from: data).performances.count }
        case "canada.xml":
            return { try XMLDecoder().decode(CanadaXML.self, from: data).features.geometry.coordinates.count }
        default:
            return nil
        }
    }

    /// Foundation's `XMLParser` with a delegate that does nothing but count elements.
    private static func bareXMLParser(_ data: Data) throws -> Int {
        let parser = XMLParser(data: data)
        let delegate = CountingDelegate()
        parser.delegate = delegate
        guard parser.parse() else { throw BenchmarkError("XMLParser failed: \(String(describing: parser.parserError))") }
        return delegate.elements
    }

    private final class CountingDelegate: NSObject, XMLParserDelegate {
        var elements = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements += 1
        }
    }
}
