import DataMapper
import DataMapperXML
import Foundation
import FuzzSupport

/// The Codable decoder over XML: any bytes decode into ``FuzzModel`` or fail with an
/// error, and a decoded model encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLCodable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = XMLSerializer()
    Properties.codable(
        UnsafeRawBufferPointer(start: start, count: count),
        decode: { try serializer.decode(FuzzModel.self, from: $0) },
        encode: { try serializer.encode($0) }
    )
    return 0
}
