import DataMapper
import DataMapperFormats
import DataMapperStore
import Foundation

// The models of the tests: people keyed by e-mail who drive cars and own phones,
// websites filed under categories; cars, phones, websites and categories have
// integer ids.

final class Person {
    var name = ""
    var email = ""
    var age: Int?
    var car: Car?
    var phones: [Phone] = []
    var friend: Person?
}

final class Car {
    var id = 0
    var model = ""
    var year = ""
}

struct Phone: Equatable {
    var id = 0
    var number = ""
    var ddd = ""
}

final class Website {
    var id = 0
    var url = ""
    var category: Category?
}

final class Category {
    var id = 0
    var name = ""
}

/// A node of a tree whose children are of its own type: a value type cannot hold itself.
struct Node {
    var id = 0
    var label = ""
    var children: [Node] = []
}

/// What a person is, as a value: for comparing people made by different imports.
struct PersonSnapshot: Equatable {
    var name: String
    var email: String
    var age: Int?
    var carModel: String?
    var carYear: String?
    var phones: [Phone]
}

extension PersonSnapshot {
    init(_ person: Person) {
        name = person.name
        email = person.email
        age = person.age
        carModel = person.car?.model
        carYear = person.car?.year
        phones = person.phones
    }
}

/// The mappings of the models, built the way an application would.
enum Mappings {
    static let car: EntityMapping<Car> = {
        var mapping = EntityMapping(entityName: "Car", create: Car.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttributes([\.model: "model", \.year: "year"])
        mapping.setPrimaryKey(\.id)
        return mapping
    }()

    static let phone: EntityMapping<Phone> = {
        var mapping = EntityMapping(entityName: "Phone", create: Phone.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttributes([\.number: "number", \.ddd: "ddd"])
        mapping.setPrimaryKey(\.id)
        return mapping
    }()

    /// A person keyed by `"user_email"`, with a car and phones under the given policies.
    static func person(
        carPolicy: AssignmentPolicy.ToOne = .assign,
        phonesPolicy: AssignmentPolicy.ToMany = .assign,
        rootPath: DataPath = .root
    ) -> EntityMapping<Person> {
        var mapping = EntityMapping(entityName: "Person", rootPath: rootPath, create: Person.init)
        mapping.addAttribute(\.name, at: "name")
        mapping.addAttribute(\.email, at: "user_email")
        mapping.addAttribute(\.age, at: "age")
        mapping.setPrimaryKey(\.email)
        mapping.addToOneRelationship(\.car, at: "car", mapping: car, policy: carPolicy)
        mapping.addToManyRelationship(\.phones, at: "phones", mapping: phone, policy: phonesPolicy)
        return mapping
    }

    static let category: EntityMapping<Category> = {
        var mapping = EntityMapping(entityName: "Category", create: Category.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.name, at: "name")
        mapping.setPrimaryKey(\.id)
        return mapping
    }()

    static let node: EntityMapping<Node> = {
        var mapping = EntityMapping(entityName: "Node", create: Node.init)
        mapping.addAttribute(\.id, at: "id")
        mapping.addAttribute(\.label, at: "label")
        mapping.setPrimaryKey(\.id)
        return mapping
    }()

    /// Nodes holding nodes; the related mapping is the plain one, so a child's own
    /// children are not read (a mapping value cannot contain itself).
    static let tree: EntityMapping<Node> = {
        var mapping = node
        mapping.addToManyRelationship(\.children, at: "children", mapping: nodeWithChildren)
        return mapping
    }()

    private static let nodeWithChildren: EntityMapping<Node> = {
        var mapping = node
        mapping.addToManyRelationship(\.children, at: "children", mapping: node)
        return mapping
    }()
}

/// Reads a JSON text into a value, positions kept.
func json(_ text: String) throws -> SupportedType {
    try DataFormat.json.serializer().deserialize(fromString: text)
}

/// Reads a YAML text into a value, positions kept.
func yaml(_ text: String) throws -> SupportedType {
    try DataFormat.yaml.serializer().deserialize(fromString: text)
}

/// An error a `map` or `reverseMap` closure throws when it must not be called.
struct UnexpectedCall: Error, Equatable {}

/// The line and column (1-based, in characters) where `needle` first starts in `text`.
func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if let range = line.range(of: needle) {
            return (offset + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
    }
    return nil
}
