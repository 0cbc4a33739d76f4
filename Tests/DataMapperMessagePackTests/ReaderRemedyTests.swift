import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// The refusals of the MessagePack reader that an option resolves name it.
@Suite struct ReaderRemedyTests {
    @Test("a repeated key under .error names duplicateKeys; first- and last-wins read it")
    func duplicateKeys() throws {
        // {"a": 1, "a": 2}
        let bytes: [UInt8] = [0x82, 0xA1, 0x61, 0x01, 0xA1, 0x61, 0x02]
        let strict = MessagePackSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try strict.deserialize(bytes: bytes) }
        #expect(error.remedy?.setting == .duplicateKeys)
        #expect(error.message.contains("MessagePackSerializer.Options.duplicateKeys"))
        #expect(try MessagePackSerializer(options: .init(duplicateKeys: .firstWins)).deserialize(bytes: bytes) == ["a": 1])
        #expect(try MessagePackSerializer(options: .init(duplicateKeys: .lastWins)).deserialize(bytes: bytes) == ["a": 2])
    }

    @Test("nesting past the limit names limits.maxDepth")
    func depth() throws {
        let shallow = MessagePackSerializer(options: .init(limits: .init(maxDepth: 1)))
        let error = try expectError { try shallow.deserialize(bytes: [0x91, 0x91, 0x01]) }
        #expect(error.remedy?.setting == .maxDepth)
        #expect(error.message.contains("MessagePackSerializer.Options.limits.maxDepth (now 1)"))
        let writing = try expectError { try shallow.serialize([[1]]) }
        #expect(writing.remedy?.setting == .maxDepth)
    }

    @Test("a str that is not UTF-8 names invalidUTF8; .keepAsBinary reads it")
    func invalidUTF8() throws {
        let bytes: [UInt8] = [0xA2, 0xC3, 0x28]
        let error = try expectError { try MessagePackSerializer().deserialize(bytes: bytes) }
        #expect(error.remedy?.setting == .invalidUTF8)
        #expect(error.message.contains("MessagePackSerializer.Options.invalidUTF8 to .keepAsBinary"))
        let lenient = MessagePackSerializer(options: .init(invalidUTF8: .keepAsBinary))
        #expect(try lenient.deserialize(bytes: bytes) == .binary(Data([0xC3, 0x28])))
    }

    @Test("input past the size limit names limits.maxInputBytes")
    func size() throws {
        let small = MessagePackSerializer(options: .init(limits: .init(maxInputBytes: 2)))
        let error = try expectError { try small.deserialize(bytes: [0x93, 0x01, 0x02, 0x03]) }
        #expect(error.remedy?.setting == .maxInputBytes)
        #expect(error.message.contains("MessagePackSerializer.Options.limits.maxInputBytes"))
    }
}
