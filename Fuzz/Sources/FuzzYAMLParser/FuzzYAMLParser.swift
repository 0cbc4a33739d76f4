import DataMapper
import DataMapperYAML
import Foundation
import FuzzSupport

/// The YAML reader on any bytes: no crash, no hang, and whatever it reads writes, and reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = YAMLSerializer()
    Properties.roundTrip(UnsafeRawBufferPointer(start: start, count: count), read: { try serializer.deserialize($0) }, write: { try serializer.serialize($0) })
    return 0
}
