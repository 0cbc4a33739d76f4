import DataMapper
import DataMapperOperators
import Foundation

// One model mapped twice, once with the operators and once with `map`, over the same
// fields, so that tests can compare the two forms value for value and error for error.

enum Species: String { case dog, cat }
enum Size: Int { case small = 1, large = 2 }

/// A nested model, mapped with an operator, for arrays of objects.
struct Toy: Mappable, Equatable {
    var label = ""

    init(label: String) { self.label = label }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try label <~> data["label"]
    }
}

/// The fields both forms map: every shape, raw-value enums, a set of them, nested
/// objects and transformations, required and optional.
struct PetFields: Equatable {
    var name = ""
    var species: Species = .dog
    var nickname: String?
    var born = Date(timeIntervalSince1970: 0)
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var sizes: Set<Size> = []
    var toys: [Toy]?
    var moods: [String: Species]?
    var visits: [Date?]?
    var weights: [Double?] = []
    var owner: String?
}

/// The fields mapped with `<~>`.
struct OperatorPet: Mappable {
    var fields = PetFields()

    init(_ fields: PetFields) { self.fields = fields }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try fields.name <~> data["name"]
        try fields.species <~> data["species"]
        fields.nickname <~> data["nickname"]
        try fields.born <~> data["born"][using: ISO8601DateTransformation()]
        try fields.tags <~> data["tags"]
        try fields.scores <~> data["scores"]
        try fields.sizes <~> data["sizes"]
        fields.toys <~> data["toys"]
        fields.moods <~> data["moods"]
        fields.visits <~> data["visits"][using: DateTransformation()]
        try fields.weights <~> data["weights"]
        fields.owner <~> data["home", "owner"]
    }
}

/// The same fields mapped with `map`.
struct MethodPet: Mappable {
    var fields = PetFields()

    init(_ fields: PetFields) { self.fields = fields }

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["name"].map(&fields.name)
        try data["species"].map(&fields.species)
        data["nickname"].map(&fields.nickname)
        try data["born"].map(&fields.born, using: ISO8601DateTransformation())
        try data["tags"].map(&fields.tags)
        try data["scores"].map(&fields.scores)
        try data["sizes"].map(&fields.sizes)
        data["toys"].map(&fields.toys)
        data["moods"].map(&fields.moods)
        data["visits"].map(&fields.visits, using: DateTransformation())
        try data["weights"].map(&fields.weights)
        data["home", "owner"].map(&fields.owner)
    }
}
