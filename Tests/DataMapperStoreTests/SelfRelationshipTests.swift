import DataMapper
import DataMapperJSON
import DataMapperStore
import Testing

// Relationships to the mapping that holds them: a tree of categories, a chain of managers.

private struct Topic: Equatable {
    var id = 0
    var name = ""
    var children: [Topic] = []
}

private final class Employee {
    var id = 0
    var name = ""
    var manager: Employee?
}

private func topicMapping() -> EntityMapping<Topic> {
    var category = EntityMapping(entityName: "Topic", create: Topic.init)
    category.addAttribute(\.id, at: "id")
    category.addAttribute(\.name, at: "name")
    category.setPrimaryKey(\.id)
    category.addToManyRelationship(\.children, at: "children")
    return category
}

private func employeeMapping() -> EntityMapping<Employee> {
    var employee = EntityMapping(entityName: "Employee", create: Employee.init)
    employee.addAttribute(\.id, at: "id")
    employee.addAttribute(\.name, at: "name")
    employee.setPrimaryKey(\.id)
    employee.addToOneRelationship(\.manager, at: "manager")
    return employee
}

private let tree = """
{"id": 1, "name": "Books", "children": [
    {"id": 2, "name": "Fiction", "children": [{"id": 4, "name": "Crime"}]},
    {"id": 3, "name": "Poetry", "children": []}]}
"""

@Suite("Relationships to their own mapping")
struct SelfRelationshipTests {
    @Test("a tree of categories reads to its full depth and every level is stored")
    func categoryTree() throws {
        let store = InMemoryStore()
        let books = try EntityDeserializer().object(from: JSONSerializer().deserialize(fromString: tree),
                                                    mapping: topicMapping(), in: store)
        #expect(books.children.map(\.name) == ["Fiction", "Poetry"])
        #expect(books.children[0].children.map(\.name) == ["Crime"])
        #expect(store.count(ofEntity: "Topic") == 4)
        #expect(store.object(of: topicMapping(), key: 4)?.name == "Crime")
    }

    @Test("a tree written and read back is the same tree")
    func treeRoundTrip() throws {
        let mapping = topicMapping()
        let books = try EntityDeserializer().object(from: JSONSerializer().deserialize(fromString: tree), mapping: mapping)
        let written = try EntitySerializer.serialize(books, mapping: mapping)
        #expect(written["children"]?[0]?["children"]?[0]?["name"] == "Crime")
        #expect(try EntityDeserializer().object(from: written, mapping: mapping) == books)
    }

    @Test("a struct category listed inside itself is refused with its path")
    func structCycle() throws {
        let looping = #"{"id": 1, "name": "Books", "children": [{"id": 2, "children": [{"id": 1}]}]}"#
        let error = try #require(throws: DataMapperError.self) {
            try EntityDeserializer().object(from: JSONSerializer().deserialize(fromString: looping), mapping: topicMapping())
        }
        #expect(error.kind == .unsupported)
        #expect(error.path == (try DataPath(parsing: "children[0].children[0]")))
        #expect(error.location?.line == 1)
    }

    @Test("class employees share their manager, who may manage themselves")
    func managers() throws {
        let staff = """
        [{"id": 1, "name": "Ada", "manager": {"id": 1}},
         {"id": 2, "name": "Ben", "manager": {"id": 1}},
         {"id": 3, "name": "Cy", "manager": {"id": 2, "name": "Ben"}}]
        """
        let employees = try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: staff),
                                                            mapping: employeeMapping())
        #expect(employees[0].manager === employees[0])
        #expect(employees[1].manager === employees[0])
        #expect(employees[2].manager === employees[1])
        #expect(employees[0].name == "Ada", "the nested {\"id\": 1} has no name and leaves Ada's alone")
        let error = try #require(throws: DataMapperError.self) {
            try EntitySerializer.serialize(employees[0], mapping: employeeMapping())
        }
        #expect(error.kind == .unsupported, "Ada managing herself is a loop the writer refuses")
        let ben = Employee()
        ben.id = 2
        ben.name = "Ben"
        let cy = Employee()
        cy.id = 3
        cy.name = "Cy"
        cy.manager = ben
        let expected: SupportedType = ["id": 3, "name": "Cy", "manager": ["id": 2, "name": "Ben", "manager": nil]]
        #expect(try EntitySerializer.serialize(cy, mapping: employeeMapping()) == expected)
    }

    @Test("the related entity of a relationship to its own mapping is the mapping's")
    func relatedEntity() throws {
        let mapping = topicMapping()
        let children = try #require(mapping.relationships.first)
        #expect(mapping.relatedEntityName(of: children) == "Topic")
        let books = Topic(id: 1, children: [Topic(id: 2), Topic(id: 3)])
        #expect(mapping.relatedKeys(of: books, through: children) == [.integer(2), .integer(3)])
    }
}
