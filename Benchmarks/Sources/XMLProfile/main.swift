import CLibXML2Bare
import DataMapper
import DataMapperXML
import Foundation

// A small driver for instruction counts (callgrind) and sampling (perf) of the XML
// reader alone: `XMLProfile FILE [RUNS] [ours|bare|both]`.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else { print("usage: XMLProfile FILE [RUNS] [ours|bare|both]"); exit(2) }
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let which = arguments.count > 3 ? arguments[3] : "ours"
var checksum = 0

@inline(never)
func ours(_ data: Data) throws -> Int {
    let value = try XMLSerializer().deserialize(data)
    return value.dictionary?.count ?? 0
}

@inline(never)
func bare(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes -> Int in
        guard let base = bytes.baseAddress,
              let parser = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) else { return -1 }
        defer { xmlFreeParserCtxt(parser) }
        var counter = 0
        return withUnsafeMutablePointer(to: &counter) { pointer in
            _ = xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
            var handler = xmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = { context, _, _, _, _, _, _, _, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1 }
            handler.endElementNs = { context, _, _, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1 }
            handler.characters = { context, _, _ in context?.assumingMemoryBound(to: Int.self).pointee += 1 }
            handler.serror = { _, _ in }
            parser.pointee.sax.pointee = handler
            parser.pointee.userData = UnsafeMutableRawPointer(pointer)
            _ = xmlParseDocument(parser)
            return pointer.pointee
        }
    }
}

for _ in 0..<runs {
    if which != "bare" { checksum &+= try ours(data) }
    if which != "ours" { checksum &+= bare(data) }
}
print(checksum)
