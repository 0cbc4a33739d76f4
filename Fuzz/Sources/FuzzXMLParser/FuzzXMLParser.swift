import DataMapper
import DataMapperXML
import Foundation
import FuzzSupport

/// The XML reader on any bytes: no crash, no hang, and write-then-read is stable after one round.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let serializer = XMLSerializer()
    Properties.stableAfterOneRound(UnsafeRawBufferPointer(start: start, count: count), read: { try serializer.deserialize($0) }, write: { try serializer.serialize($0) })
    return 0
}
