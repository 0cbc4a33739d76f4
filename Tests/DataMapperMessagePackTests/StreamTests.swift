import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct StreamTests {
    let msgpack = MessagePackSerializer()
    let values: [SupportedType] = [1, "two", ["three": [3.5]], .binary(Data([4])), .timestamp(seconds: 5, nanoseconds: 6), .null]

    @Test("values written back to back read back as a sequence with stream-wide offsets")
    func sequence() throws {
        let stream = try msgpack.serializeAll(values)
        // 01 | a3 't' 'w' 'o' | ...
        #expect(stream.prefix(5) == Data([0x01, 0xA3, 0x74, 0x77, 0x6F]))
        let read = try msgpack.deserializeAll(stream)
        #expect(read == values)
        #expect(read[1].position == .byteOffset(1))
        #expect(try msgpack.deserializeAll(Data()) == [])
    }

    @Test("a stream cut inside its last value is an error naming the index and offset")
    func truncatedSequence() throws {
        let stream = try msgpack.serializeAll([1, "two"])
        try expectError(path: DataPath([.index(1)]), byteOffset: 1) { try msgpack.deserializeAll(stream.dropLast()) }
    }

    @Test("decodeNext reports need-more-bytes for every proper prefix, and the value once whole")
    func incremental() throws {
        let bytes = try msgpack.serialize(["key": [1, 2, "three"], "bin": .binary(Data(count: 300))])
        for length in 0..<bytes.count {
            let result = try msgpack.decodeNext(from: bytes.prefix(length))
            guard case .needMoreBytes(let atLeast) = result else {
                Issue.record("a prefix of \(length) bytes gave \(result)")
                continue
            }
            #expect(atLeast >= 1 && length + atLeast <= bytes.count)
        }
        #expect(try msgpack.decodeNext(from: bytes + Data([0xC0])) == .value(try msgpack.deserialize(bytes), bytesConsumed: bytes.count))
    }

    @Test("decodeNext still refuses bytes that can never be valid")
    func incrementalErrors() throws {
        #expect(throws: DataMapperError.self) { try msgpack.decodeNext(from: Data([0x92, 0xC1])) }
        #expect(throws: DataMapperError.self) { try msgpack.decodeNext(from: Data([0xA1, 0xFF])) }
        let hugeClaim = try expectError {
            try MessagePackSerializer(options: .init(limits: ParsingLimits(maxInputBytes: 1000)))
                .decodeNext(from: Data([0xDB, 0x00, 0x01, 0x00, 0x00]))
        }
        #expect(hugeClaim.kind == .limitExceeded)
    }

    @Test("the stream reader yields every value whatever the chunk size", arguments: [1, 2, 3, 7, 64, 10_000])
    func streamReader(chunkSize: Int) throws {
        let bytes = [UInt8](try msgpack.serializeAll(values))
        var reader = MessagePackStreamReader()
        var read: [SupportedType] = []
        var start = 0
        while start < bytes.count {
            reader.append(bytes[start..<min(start + chunkSize, bytes.count)])
            start += chunkSize
            while let value = try reader.next() { read.append(value) }
        }
        try reader.finish()
        #expect(read == values)
        #expect(reader.consumedByteCount == bytes.count)
        #expect(read.last?.position == .byteOffset(bytes.count - 1))
    }

    @Test("the core's asynchronous sequence drives the stream reader")
    func asyncDocuments() async throws {
        let bytes = [UInt8](try msgpack.serializeAll(values))
        let chunks = AsyncStream<ArraySlice<UInt8>> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 3) { continuation.yield(bytes[start..<min(start + 3, bytes.count)]) }
            continuation.finish()
        }
        var read: [SupportedType] = []
        for try await value in chunks.documents(reading: MessagePackStreamReader()) { read.append(value) }
        #expect(read == values)
        let cut = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(bytes.dropLast(2)))  // into the timestamp before the final nil
            continuation.finish()
        }
        await #expect(throws: DataMapperError.self) {
            for try await _ in cut.documents(reading: MessagePackStreamReader()) {}
        }
    }

    @Test("finishing a stream in the middle of a value is an error naming its offset")
    func unfinishedStream() throws {
        var reader = MessagePackStreamReader()
        reader.append([0x01, 0x92, 0x01])
        #expect(try reader.next() == 1)
        #expect(try reader.next() == nil)
        #expect(reader.bufferedByteCount == 2)
        try expectError(byteOffset: 1) { try reader.finish() }
    }

    @Test("an error inside a streamed value names its offset in the whole stream")
    func streamErrorOffset() throws {
        var reader = MessagePackStreamReader()
        reader.append([0x01, 0x02, 0x91, 0xC1])
        #expect(try reader.next() == 1)
        #expect(try reader.next() == 2)
        try expectError(path: DataPath([.index(0)]), byteOffset: 3) { try reader.next() }
    }
}

@Suite struct SingleValueStreamTests {
    @Test("deserialize refuses a second value, naming its offset, the bytes left and deserializeAll")
    func secondValue() throws {
        let stream = try MessagePackSerializer().serializeAll([1, "two"])
        let error = try expectError(kind: .syntax, byteOffset: 1) { try MessagePackSerializer().deserialize(stream) }
        #expect(error.message == "a second document starts here (4 bytes from here to the end); "
            + "this reads exactly one document: read a stream of several with deserializeAll(_:)")
    }

    @Test("through the Serializer protocol, the stream methods are MessagePack's own")
    func throughTheProtocol() throws {
        let serializer: any Serializer = MessagePackSerializer()
        let stream = try serializer.serializeAll([1, "two", nil])
        #expect(try serializer.deserializeAll(stream) == [1, "two", nil])
        #expect(serializer.writesStreams)
    }
}
