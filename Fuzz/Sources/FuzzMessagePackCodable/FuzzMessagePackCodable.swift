import DataMapper
import DataMapperMessagePack
import Foundation
import FuzzSupport

/// The Codable decoder over MessagePack: any bytes decode into ``FuzzModel`` or fail with an
/// error, and a decoded model encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessagePackCodable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = MessagePackSerializer()
    Properties.codable(
        UnsafeRawBufferPointer(start: start, count: count),
        decode: { try serializer.decode(FuzzModel.self, from: $0) },
        encode: { try serializer.encode($0) }
    )
    return 0
}
