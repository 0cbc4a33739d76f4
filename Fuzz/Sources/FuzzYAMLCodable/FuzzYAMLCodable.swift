import DataMapper
import DataMapperYAML
import Foundation
import FuzzSupport

/// The Codable decoder over YAML: any bytes decode into ``FuzzModel`` or fail with an
/// error, and a decoded model encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLCodable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = YAMLSerializer()
    Properties.codable(
        UnsafeRawBufferPointer(start: start, count: count),
        decode: { try serializer.decode(FuzzModel.self, from: $0) },
        encode: { try serializer.encode($0) }
    )
    return 0
}
