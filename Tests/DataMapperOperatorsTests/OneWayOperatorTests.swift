import DataMapper
import DataMapperOperators
import DataMapperTestSupport
import Foundation
import Testing

// `<~` reads and never writes; `~>` writes and never reads, and takes constants.

private enum Role: String { case admin, user }

private struct Account: Mappable {
    var id = 0
    let clientID: String
    var updatedAt: Date?
    var secret: String?
    var role: Role = .user
    var permissions: Set<Role> = []
    var lastSeen = Date(timeIntervalSince1970: 0)
    var aliases: [String]?

    init(clientID: String) { self.clientID = clientID }

    init(_ data: DeserializableData) throws {
        clientID = "local"
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try id <~> data["id"]
        clientID ~> data["client_id"]
        updatedAt <~ data["updated_at"][using: ISO8601DateTransformation()]
        secret <~ data["secret"]
        try role <~ data["role"]
        permissions ~> data["permissions"]
        lastSeen ~> data["last_seen"][using: DateTransformation()]
        aliases <~ data["aliases"]
    }
}

/// Read-only and write-only fields under keys nested in a dictionary that holds
/// nothing else, and in one that holds a written field too.
private struct Nested: Mappable {
    var hidden: String?
    var shown = "out"
    var kept: Int?

    init() {}

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        hidden <~ data["private"]["hidden"]
        shown ~> data["public"]["shown"]
        kept <~ data["public"]["kept"]
    }
}

/// Types that go one way only: `<~` needs only `Deserializable`, `~>` only `Serializable`.
private struct Weight: Deserializable, Equatable {
    let grams: Int

    init(_ data: DeserializableData) throws {
        grams = try data["grams"].get()
    }
}

private struct Stamp: Serializable {
    let by: String

    func serialize(to data: inout SerializableData) {
        data["by"].set(by)
    }
}

private struct Parcel: Mappable {
    var weight: Weight?
    var stamps: [Stamp] = [Stamp(by: "post")]

    init() {}

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        weight <~ data["weight"]
        stamps ~> data["stamps"]
    }
}

/// Collections through a transformation, one way each.
private struct Schedule: Mappable {
    var past: [Date]?
    var planned: [String: Date?] = ["a": Date(timeIntervalSince1970: 5), "b": nil]

    init() {}

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        past <~ data["past"][using: DateTransformation()]
        planned ~> data["planned"][using: DateTransformation()]
    }
}

@Suite struct OneWayOperatorTests {
    let mapper = ObjectMapper()

    let input: SupportedType = [
        "id": 7, "client_id": "remote", "updated_at": "2024-05-17T09:30:00Z", "secret": "s3",
        "role": "admin", "permissions": ["admin"], "last_seen": 10.0, "aliases": ["a"],
    ]

    @Test("<~ fills its fields while deserializing; ~> leaves its fields as init set them")
    func reading() throws {
        let account = try mapper.deserialize(input, as: Account.self)
        #expect(account.id == 7)
        #expect(account.updatedAt == Date(timeIntervalSince1970: 1_715_938_200))
        #expect(account.secret == "s3")
        #expect(account.role == .admin)
        #expect(account.aliases == ["a"])
        #expect(account.clientID == "local")
        #expect(account.permissions.isEmpty)
        #expect(account.lastSeen == Date(timeIntervalSince1970: 0))
    }

    @Test("~> writes its fields, constants included; <~ writes no key at all, not even null")
    func writing() {
        var account = Account(clientID: "abc")
        account.id = 3
        account.secret = "never written"
        account.role = .admin
        account.permissions = [.user]
        account.lastSeen = Date(timeIntervalSince1970: 20)
        let expected: SupportedType = ["id": 3, "client_id": "abc", "permissions": ["user"], "last_seen": 20.0]
        #expect(mapper.serialize(account) == expected)
    }

    @Test("a required <~ field throws as map does when its value is missing")
    func requiredReadThrows() throws {
        let missing: SupportedType = ["id": 7, "secret": "s3"]
        try expectError(kind: .missingKey, path: ["role"]) {
            try mapper.deserialize(missing, as: Account.self)
        }
    }

    @Test("<~ on a nested key leaves the key unwritten inside a dictionary other fields write")
    func nestedReadOnlyBesideWrittenField() {
        var nested = Nested()
        nested.kept = 1
        #expect(mapper.serialize(nested)["public"] == ["shown": "out"])
    }

    @Test("<~ on a nested key writes none of the dictionaries above it")
    func nestedReadOnlyWritesNoParent() {
        var nested = Nested()
        nested.hidden = "h"
        #expect(mapper.serialize(nested)["private"] == nil)
    }

    @Test("~> on a nested key reads nothing")
    func nestedWriteOnlyReadsNothing() throws {
        let nested = try mapper.deserialize(["private": ["hidden": "h"], "public": ["shown": "in", "kept": 2]], as: Nested.self)
        #expect(nested.hidden == "h")
        #expect(nested.shown == "out")
        #expect(nested.kept == 2)
    }

    @Test("<~ takes a type that only reads itself, ~> an array of a type that only writes itself")
    func oneHalfConformances() throws {
        let parcel = try mapper.deserialize(["weight": ["grams": 250], "stamps": [["by": "x"]]], as: Parcel.self)
        #expect(parcel.weight == (try mapper.deserialize(["grams": 250], as: Weight.self)))
        #expect(parcel.weight?.grams == 250)
        #expect(parcel.stamps.map(\.by) == ["post"])
        #expect(mapper.serialize(parcel) == ["stamps": [["by": "post"]]])
    }

    @Test("one-way operators take collections through a transformation")
    func collectionsThroughTransformation() throws {
        let read = try mapper.deserialize(["past": [1, 2.5], "planned": ["c": 9]], as: Schedule.self)
        #expect(read.past == [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2.5)])
        #expect(read.planned == ["a": Date(timeIntervalSince1970: 5), "b": nil])
        var written = Schedule()
        written.past = [Date(timeIntervalSince1970: 1)]
        #expect(mapper.serialize(written) == ["planned": ["a": 5.0, "b": nil]])
    }
}
