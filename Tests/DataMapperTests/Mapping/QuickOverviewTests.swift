import DataMapper
import Testing

// The seed's "Quick overview": one type that reads and writes, one that only reads,
// one that only writes, mapped as an array through one ObjectMapper.

private struct Score: Mappable, Equatable {
    var points: Int?
    var player: String?

    init(points: Int?, player: String?) {
        self.points = points
        self.player = player
    }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        data["points"].map(&points)
        data["player"].map(&player)
    }
}

private struct ReadOnlyScore: Deserializable {
    let points: Int?
    let player: String?

    init(_ data: DeserializableData) throws {
        points = data["points"].get()
        player = data["player"].get()
    }
}

private struct WriteOnlyScore: Serializable {
    let points: Int?
    let player: String?

    func serialize(to data: inout SerializableData) {
        data["points"].set(points)
        data["player"].set(player)
    }
}

@Suite struct QuickOverviewTests {
    let input: SupportedType = [
        ["points": 7, "player": "Ada"],
        ["points": 3, "player": "Linus"],
    ]

    @Test("an array of Mappable objects is read from a SupportedType tree")
    func readsMappableArray() throws {
        let scores: [Score]? = ObjectMapper().deserialize(input)
        #expect(scores == [Score(points: 7, player: "Ada"), Score(points: 3, player: "Linus")])
    }

    @Test("changed objects are written back as an array of dictionaries")
    func writesMappableArray() throws {
        let mapper = ObjectMapper()
        var scores: [Score] = try #require(mapper.deserialize(input))
        scores[1].points = 4
        let output = mapper.serialize(scores)
        #expect(output == [["points": 7, "player": "Ada"], ["points": 4, "player": "Linus"]])
    }

    @Test("a Deserializable type can only be read")
    func readsDeserializableOnly() throws {
        let scores: [ReadOnlyScore] = try #require(ObjectMapper().deserialize(input))
        #expect(scores.map(\.points) == [7, 3])
        #expect(scores.map(\.player) == ["Ada", "Linus"])
    }

    @Test("a Serializable type can only be written, nil fields as null")
    func writesSerializableOnly() {
        let output = ObjectMapper().serialize([WriteOnlyScore(points: 1, player: nil)])
        #expect(output == [["points": 1, "player": nil]])
    }
}
