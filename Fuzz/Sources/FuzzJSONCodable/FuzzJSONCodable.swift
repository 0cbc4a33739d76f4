import DataMapper
import DataMapperJSON
import Foundation
import FuzzSupport

/// The Codable decoder over JSON: any bytes decode into ``FuzzModel`` or fail with an
/// error, and a decoded model encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONCodable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = JSONSerializer()
    Properties.codable(
        UnsafeRawBufferPointer(start: start, count: count),
        decode: { try serializer.decode(FuzzModel.self, from: $0) },
        encode: { try serializer.encode($0) }
    )
    return 0
}
