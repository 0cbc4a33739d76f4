import DataMapper
import DataMapperMessagePack
import Foundation
import FuzzSupport

/// The MessagePack reader on any bytes: no crash, no hang, and whatever it reads writes, and reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessagePackParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = MessagePackSerializer()
    Properties.roundTrip(UnsafeRawBufferPointer(start: start, count: count), read: { try serializer.deserialize($0) }, write: { try serializer.serialize($0) })
    return 0
}
