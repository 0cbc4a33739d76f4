import DataMapper
import DataMapperFormats
import Foundation
import Testing
@testable import datamapper

/// The `formats` table for registries other than the standard one.
@Suite struct FormatsTableTests {
    struct NoSerializer: Serializer {
        func serialize(_ value: SupportedType) throws -> Data { Data() }
        func deserialize(_ data: Data) throws -> SupportedType { .null }
    }

    @Test("aliases, several extensions, binary formats and formats without media types are listed")
    func variedFormats() {
        let registry = FormatRegistry([
            .json,
            DataFormat(
                name: "yaml", aliases: ["yml"], fileExtensions: ["yaml", "yml"],
                mediaTypes: ["application/yaml"], mediaTypeSuffixes: ["yaml"],
                representation: .text, makeSerializer: { _ in NoSerializer() }
            ),
            DataFormat(
                name: "msgpack", fileExtensions: ["msgpack", "mpk"],
                mediaTypes: ["application/msgpack", "application/x-msgpack"],
                representation: .binary, makeSerializer: { _ in NoSerializer() }
            ),
            DataFormat(name: "bare", representation: .text, makeSerializer: { _ in NoSerializer() }),
        ])
        #expect(FormatsTable(registry: registry).text == """
            NAME        EXTENSIONS     MEDIA TYPES
            json        .json          application/json, text/json, */*+json
            yaml (yml)  .yaml .yml     application/yaml, */*+yaml
            msgpack     .msgpack .mpk  application/msgpack, application/x-msgpack, (binary)
            bare        -              -

            """)
    }

    @Test("an empty registry prints only the header")
    func emptyRegistry() {
        #expect(FormatsTable(registry: FormatRegistry()).text == "NAME  EXTENSIONS  MEDIA TYPES\n")
    }
}
