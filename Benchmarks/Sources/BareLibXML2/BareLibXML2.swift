import CLibXML2Bare
import Foundation

/// libxml2 with nothing on top: the floor our XML reader and writer are measured
/// against, shared by the benchmark table and the XMLProfile driver. The SAX2 pass counts events and builds nothing; the dump serializes a
/// document libxml2 parsed beforehand.
public enum BareLibXML2 {
    /// What went wrong in libxml2, for the benchmark's report.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Parses `data` with a SAX2 handler whose callbacks only count, and returns the count.
    public static func saxEventCount(_ data: Data) throws -> Int {
        try data.withUnsafeBytes { bytes -> Int in
            guard let base = bytes.baseAddress,
                  let parser = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) else {
                throw Failure("libxml2 could not make a parser")
            }
            defer { xmlFreeParserCtxt(parser) }
            var counter = 0
            return try withUnsafeMutablePointer(to: &counter) { pointer in
                _ = xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
                var handler = xmlSAXHandler()
                handler.initialized = UInt32(XML_SAX2_MAGIC)
                handler.startElementNs = { context, _, _, _, _, _, _, _, _ in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                }
                handler.endElementNs = { context, _, _, _ in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                }
                handler.characters = { context, _, _ in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                }
                handler.serror = { _, _ in }
                parser.pointee.sax.pointee = handler
                parser.pointee.userData = UnsafeMutableRawPointer(pointer)
                guard xmlParseDocument(parser) == 0, parser.pointee.wellFormed != 0 else {
                    throw Failure("libxml2 could not parse the document")
                }
                return pointer.pointee
            }
        }
    }

    /// A document libxml2 parsed, freed when the value goes away.
    public final class Document {
        private let document: xmlDocPtr

        /// Parses `data` into a libxml2 document.
        public init(_ data: Data) throws {
            let parsed = data.withUnsafeBytes { bytes in
                xmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
            guard let parsed else { throw Failure("libxml2 could not parse the document") }
            document = parsed
        }

        deinit { xmlFreeDoc(document) }

        /// Serializes the whole document with `xmlDocDumpMemory`; returns the byte count.
        public func dump() -> Int {
            var memory: UnsafeMutablePointer<xmlChar>?
            var size: Int32 = 0
            xmlDocDumpMemory(document, &memory, &size)
            free(memory)
            return Int(size)
        }
    }
}
