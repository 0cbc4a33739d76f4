import DataMapper
import DataMapperOperators
import Foundation
import Testing

// The model of the "Mapping with operators" article, as printed there.

private enum Role: String { case admin, member }

private struct Account: Mappable {
    let clientID: String
    var name = ""
    var role: Role = .member
    var nickname: String?
    var tags: [String] = []
    var joined = Date(timeIntervalSince1970: 0)
    var updatedAt: Date?

    init(clientID: String) { self.clientID = clientID }

    init(_ data: DeserializableData) throws {
        clientID = try data["client_id"].get()
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        clientID ~> data["client_id"]                        // written; read in init
        try name <~> data["name"]                            // required: throws if missing
        try role <~> data["role"]                            // raw-value enum
        nickname <~> data["nickname"]                        // optional: nil if missing
        try tags <~> data["profile", "tags"]                 // nested keys
        try joined <~> data["joined"][using: ISO8601DateTransformation()]
        updatedAt <~ data["updated_at"][using: ISO8601DateTransformation()]  // read only
    }
}

@Suite struct ArticleExampleTests {
    let mapper = ObjectMapper()

    @Test("the article's model reads every field and writes all but the read-only one")
    func articleModel() throws {
        let input: SupportedType = [
            "client_id": "c1", "name": "Ann", "role": "admin", "profile": ["tags": ["x"]],
            "joined": "2024-05-17T09:30:00Z", "updated_at": "2024-05-18T00:00:00Z",
        ]
        let account = try mapper.deserialize(input, as: Account.self)
        #expect(account.clientID == "c1")
        #expect(account.name == "Ann")
        #expect(account.role == .admin)
        #expect(account.nickname == nil)
        #expect(account.tags == ["x"])
        #expect(account.joined == Date(timeIntervalSince1970: 1_715_938_200))
        #expect(account.updatedAt == Date(timeIntervalSince1970: 1_715_990_400))
        let expected: SupportedType = [
            "client_id": "c1", "name": "Ann", "role": "admin", "nickname": nil, "profile": ["tags": ["x"]],
            "joined": "2024-05-17T09:30:00Z",
        ]
        #expect(mapper.serialize(account) == expected)
    }

    @Test("the article's required field throws with its key path when missing")
    func articleMissingName() {
        #expect(throws: DataMapperError(.missingKey, message: "the key \"name\" is missing", path: ["name"])) {
            try mapper.deserialize(["client_id": "c1", "role": "admin", "profile": ["tags": []], "joined": "2024-05-17T09:30:00Z"],
                                   as: Account.self)
        }
    }
}
