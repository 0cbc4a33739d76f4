import DataMapper
import DataMapperFormats
import DataMapperJSON
import Foundation
import Testing

// The README's quick overview, in its shape: bytes through `JsonSerializer` into a
// `SupportedType`, through `ObjectMapper` into an array of objects, and back; one
// model of each map protocol.

/// Reads and writes: every field listed once in `mapping`.
private struct Shelf: Mappable, Equatable {
    var label: String?
    var capacity: Int?

    init(label: String?, capacity: Int?) {
        self.label = label
        self.capacity = capacity
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["label"].map(&label)
        data["capacity"].map(&capacity)
    }
}

/// Only reads; constants are filled with `get`.
private struct ShelfSnapshot: Deserializable {
    let label: String?
    let capacity: Int?

    init(_ data: DeserializableData) throws {
        label = data["label"].get()
        capacity = data["capacity"].get()
    }
}

/// Only writes, with a memberwise initializer of its own.
private struct ShelfNotice: Serializable {
    let label: String?
    let capacity: Int?

    init(label: String?, capacity: Int?) {
        self.label = label
        self.capacity = capacity
    }

    func serialize(to data: inout SerializableData) {
        data["label"].set(label)
        data["capacity"].set(capacity)
    }
}

@Suite struct QuickOverviewSampleTests {
    let inputData = Data(#"[{"label":"north","capacity":12},{"label":"south","capacity":30}]"#.utf8)

    @Test("bytes become objects, objects change, and the change is written back as bytes")
    func roundTrip() throws {
        let objectMapper = ObjectMapper()
        let serializer = JsonSerializer()

        // deviation: our serializers throw a DataMapperError on bad input instead of
        // returning a value, so reading and writing bytes take `try`.
        let type = try serializer.deserialize(inputData)
        var objects: [Shelf]? = objectMapper.deserialize(type)
        #expect(objects == [Shelf(label: "north", capacity: 12), Shelf(label: "south", capacity: 30)])

        objects?[0].capacity = 15
        let changedType = objectMapper.serialize(objects)
        let outputData = try serializer.serialize(changedType)
        #expect(String(decoding: outputData, as: UTF8.self)
            == #"[{"label":"north","capacity":15},{"label":"south","capacity":30}]"#)
    }

    @Test("a read-only type is read, a write-only type is written")
    func oneDirectionModels() throws {
        let objectMapper = ObjectMapper()
        let type = try JsonSerializer().deserialize(inputData)
        let snapshots: [ShelfSnapshot]? = objectMapper.deserialize(type)
        #expect(snapshots?.map(\.label) == ["north", "south"])
        #expect(snapshots?.map(\.capacity) == [12, 30])

        let notice = ShelfNotice(label: "east", capacity: nil)
        #expect(objectMapper.serialize(notice) == ["label": "east", "capacity": nil])
    }

    @Test("broken JSON is an error with its position; a null element empties [T]?")
    func failures() throws {
        // deviation: the seed's serializer had no error to report; ours names line and column.
        let error = try #require(throws: DataMapperError.self) {
            try JsonSerializer().deserialize(Data("[{\"label\": }]".utf8))
        }
        #expect(error.kind == .syntax)
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 12, "the `}` where a value should be")

        let withNull = try JsonSerializer().deserialize(Data(#"[{"label":"west"},null]"#.utf8))
        let objects: [Shelf]? = ObjectMapper().deserialize(withNull)
        #expect(objects == nil)
    }
}
