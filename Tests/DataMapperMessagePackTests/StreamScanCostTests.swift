import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct StreamScanCostTests {
    /// One value of many small items, so that every chunk ends inside it.
    let value: SupportedType = .array(SupportedArray((0..<5_000).map { SupportedType(.string("item \($0)")) }))

    @Test("a value arriving in small chunks is scanned about once, not once per chunk", arguments: [1, 7, 100])
    func linearScan(chunkSize: Int) throws {
        let bytes = [UInt8](try MessagePackSerializer().serialize(value))
        var reader = MessagePackStreamReader()
        var documents: [SupportedType] = []
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            reader.append(bytes[start..<min(start + chunkSize, bytes.count)])
            while let document = try reader.next() { documents.append(document) }
        }
        try reader.finish()
        #expect(documents == [value])
        // A scan from the value's start at every chunk would look at about
        // bytes.count² / (2 * chunkSize) bytes; resuming looks at each header once,
        // and again only the header a chunk ends inside.
        #expect(reader.scannedByteCount <= bytes.count + 16 * (bytes.count / chunkSize + 1))
        #expect(reader.scannedByteCount >= bytes.count)
    }
}
